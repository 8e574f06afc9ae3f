import {useId, useRef, useState, type FormEvent} from 'react'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {adminSession} from '#src/lib/admin-session.ts'
import {
  missingRequired,
  publishPress,
  REQUIRED_MESSAGE,
  type PublishField,
} from '#src/lib/api/press.ts'

const LIMITS = {title: 100, summary: 300, content: 20_000}

type Fields = Partial<Record<PublishField, string>>

/** The administrator's form for a new press post of this site. */
export function WriteForm({
  siteSlug,
  onPublished,
}: {
  siteSlug: string
  onPublished: (id: string) => void
}) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Fields>({})
  const [done, setDone] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  function focusField(name: string) {
    form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const data = new FormData(event.currentTarget)
    const draft = {
      site: siteSlug,
      title: String(data.get('title') ?? ''),
      summary: String(data.get('summary') ?? ''),
      content: String(data.get('content') ?? ''),
    }
    setDone(false)
    const missing = missingRequired(draft)
    if (missing.length > 0) {
      setError(REQUIRED_MESSAGE)
      setFields({})
      focusField(missing[0] as string)
      return
    }
    setSubmitting(true)
    setError(null)
    setFields({})
    const result = await publishPress(adminSession, draft)
    setSubmitting(false)
    if (result.ok) {
      form.current?.reset()
      setDone(true)
      onPublished(result.id)
      return
    }
    setError(result.error)
    setFields(result.fields)
    const firstWithError = (['title', 'summary', 'content'] as const).find(
      (name) => result.fields[name],
    )
    if (firstWithError) focusField(firstWithError)
  }

  const fieldProps = (name: 'title' | 'summary' | 'content') => ({
    id: `${id}-${name}`,
    name,
    maxLength: LIMITS[name],
    ...errorAttributes(`${id}-${name}-error`, fields[name]),
  })
  const fieldError = (name: 'title' | 'summary' | 'content') => (
    <FieldError id={`${id}-${name}-error`} message={fields[name]} className="press-field-error" />
  )

  return (
    <form
      ref={form}
      className="press-write"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="press-panel-title">
        보도자료 작성
      </h2>
      <div className="press-write-field">
        <label htmlFor={`${id}-title`}>
          제목 <span className="press-required">(필수)</span>
        </label>
        <input type="text" {...fieldProps('title')} aria-required="true" />
        {fieldError('title')}
      </div>
      <div className="press-write-field">
        <label htmlFor={`${id}-summary`}>
          요약 <span className="press-required">(필수)</span>
        </label>
        <textarea rows={3} {...fieldProps('summary')} aria-required="true" />
        {fieldError('summary')}
      </div>
      <div className="press-write-field">
        <label htmlFor={`${id}-content`}>내용</label>
        <textarea
          rows={10}
          {...fieldProps('content')}
          placeholder="줄을 바꾸면 문단이 나뉩니다. https://로 시작하는 주소는 링크가 됩니다."
        />
        {fieldError('content')}
      </div>
      <p className="press-message press-error" role="alert">
        {error}
      </p>
      <p className="press-message press-done" role="status">
        {done ? '보도자료가 등록되었습니다. 목록 맨 위에서 확인해 주세요.' : null}
      </p>
      <button type="submit" className="press-button" disabled={submitting}>
        {submitting ? '등록 중…' : '등록'}
      </button>
    </form>
  )
}
