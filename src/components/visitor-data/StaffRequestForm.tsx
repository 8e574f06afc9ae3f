import {useId, useState, type FormEvent} from 'react'
import {
  REQUEST_BODY_MAX,
  REQUEST_DUE_DAYS,
  REQUEST_KIND_LABELS,
  STAFF_KINDS,
  type StaffRequestKind,
} from '#shared/visitor-data/contract.ts'
import {STAFF_KIND_HINTS} from '#shared/visitor-data/messages.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {sendRequest} from '#src/lib/api/visitor-data.ts'
import type {ActionHooks} from './CorrectionForms.tsx'

/**
 * 그 밖의 요청: what this page cannot do itself (data given another way, an objection, any
 * other request) goes to the staff, who answer by text within REQUEST_DUE_DAYS days.
 */
export function StaffRequestForm({token, onDone, onEnded}: ActionHooks) {
  const id = useId()
  const [kind, setKind] = useState<StaffRequestKind | ''>('')
  const [body, setBody] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const length = [...body].length

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setFields({})
    const answer = await sendRequest(token, kind as StaffRequestKind, body)
    setBusy(false)
    if (answer.ok) {
      setKind('')
      setBody('')
      onDone(
        `요청을 접수했습니다. ${REQUEST_DUE_DAYS}일 안에 문자로 답변드리고, 아래 ‘내 요청 기록’에서도 보실 수 있습니다.`,
      )
    } else if (answer.status === 401) onEnded(answer.error)
    else {
      setFields(answer.fields)
      setError(Object.keys(answer.fields).length > 0 ? null : answer.error)
    }
  }

  return (
    <form className="rights-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>그 밖의 요청</h3>
      <p>
        이 페이지에서 바로 할 수 없는 요청은 담당자가 확인한 뒤 {REQUEST_DUE_DAYS}일 안에 문자로
        답변드립니다.
      </p>
      <fieldset
        className="rights-kinds"
        role="radiogroup"
        {...errorAttributes(`${id}-kind-error`, fields.kind)}
      >
        <legend>요청 종류</legend>
        {STAFF_KINDS.map((one) => (
          <label key={one} className="rights-kind">
            <input
              type="radio"
              name={`${id}-kind`}
              value={one}
              checked={kind === one}
              onChange={() => setKind(one)}
            />
            <span>
              <strong>{REQUEST_KIND_LABELS[one]}</strong>
              <small>{STAFF_KIND_HINTS[one]}</small>
            </span>
          </label>
        ))}
        <FieldError id={`${id}-kind-error`} message={fields.kind} />
      </fieldset>
      <div className="form-field">
        <label htmlFor={`${id}-body`}>요청 내용</label>
        <textarea
          id={`${id}-body`}
          rows={5}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          {...errorAttributes(`${id}-body-error`, fields.body, `${id}-body-count`)}
        />
        <p id={`${id}-body-count`} className="rights-count">
          {length.toLocaleString('ko-KR')} / {REQUEST_BODY_MAX.toLocaleString('ko-KR')}자
        </p>
        <FieldError id={`${id}-body-error`} message={fields.body} />
      </div>
      <FormError message={error} />
      <div className="rights-buttons">
        <button type="submit" className="is-primary" disabled={busy}>
          {busy ? '보내는 중…' : '요청 보내기'}
        </button>
      </div>
    </form>
  )
}
