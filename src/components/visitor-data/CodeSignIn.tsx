import {useId, useRef, useState, type FormEvent, type ReactNode} from 'react'
import {withParticle} from '#shared/korean-particles.ts'
import {CODE_DIGITS, CODE_MINUTES, type VisitorSession} from '#shared/visitor-data/contract.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {askCode, verifyCode, type Asker} from '#src/lib/api/visitor-data.ts'
import {CodeField, MobileNumberField} from './NumberFields.tsx'
import '#src/styles/forms.css'
import '#src/styles/visitor-buttons.css'
import '#src/styles/visitor-data.css'

/**
 * The proof that the visitor holds the number: a 6-digit code texted to it, typed back
 * within CODE_MINUTES. From a link the code goes to the link's number (the page never shows
 * it whole); from the privacy page's form, to the number typed. The answer never says whether
 * a number is registered: an unknown one simply gets no text.
 */
export function CodeSignIn({
  site,
  link,
  onSession,
  children,
}: {
  site: string
  /** A visit link's token: the code goes to its number, which is not typed. */
  link?: string
  onSession: (session: Omit<VisitorSession, 'ok'>) => void
  /** Fields before the number (the privacy page's choice of site). */
  children?: ReactNode
}) {
  const id = useId()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const codeInput = useRef<HTMLInputElement>(null)
  const asker = (): Asker => (link ? {site, link} : {site, phone})

  async function send(event?: FormEvent) {
    event?.preventDefault()
    setBusy(true)
    setError(null)
    setFields({})
    const answer = await askCode(asker())
    setBusy(false)
    if (!answer.ok) {
      setError(answer.fields.phone ? null : answer.error)
      setFields(answer.fields)
      return
    }
    setSentTo(answer.sentTo)
    setCode('')
    // The code field appears with the text's arrival: the visitor types there next.
    requestAnimationFrame(() => codeInput.current?.focus())
  }

  async function verify(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setFields({})
    const answer = await verifyCode(asker(), code)
    setBusy(false)
    if (answer.ok) onSession(answer)
    else {
      setError(answer.fields.code ? null : answer.error)
      setFields(answer.fields)
    }
  }

  const phoneError = fields.phone ?? fields.site
  return (
    <div className="code-sign-in">
      {sentTo === null ? (
        <form className="code-sign-in-step" onSubmit={(event) => void send(event)} noValidate>
          {children}
          {link ? (
            <p>예약하거나 등록하실 때 적으신 휴대전화 번호로 인증번호를 보내 드립니다.</p>
          ) : (
            <MobileNumberField
              id={id}
              label="휴대전화 번호"
              value={phone}
              onChange={setPhone}
              error={phoneError}
            />
          )}
          <FormError message={error} />
          <div className="rights-buttons">
            <button type="submit" className="is-primary" disabled={busy}>
              {busy ? '보내는 중…' : '인증번호 받기'}
            </button>
          </div>
        </form>
      ) : (
        <form className="code-sign-in-step" onSubmit={(event) => void verify(event)} noValidate>
          <p role="status">
            {withParticle(sentTo, '으로/로')} 인증번호를 보냈습니다. 등록된 번호라면 곧 문자가
            도착합니다. {CODE_MINUTES}분 안에 입력해 주세요.
          </p>
          <CodeField
            id={id}
            label="인증번호"
            value={code}
            onChange={setCode}
            error={fields.code}
            inputRef={codeInput}
          />
          <FormError message={error} />
          <div className="rights-buttons">
            <button
              type="submit"
              className="is-primary"
              disabled={busy || code.length !== CODE_DIGITS}
            >
              {busy ? '확인하는 중…' : '확인'}
            </button>
            <button type="button" disabled={busy} onClick={() => void send()}>
              인증번호 다시 받기
            </button>
          </div>
        </form>
      )}
    </div>
  )
}
