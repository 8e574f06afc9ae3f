import {useId, useState, type FormEvent} from 'react'
import {withParticle} from '#shared/korean-particles.ts'
import {CODE_DIGITS, CODE_MINUTES, type VisitorSession} from '#shared/visitor-data/contract.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {askNumberCode, confirmNumber, correctName, type Answer} from '#src/lib/api/visitor-data.ts'
import {CodeField, MobileNumberField} from './NumberFields.tsx'

/** What a correction tells the page: done (with its words), or the session ended (401). */
export interface ActionHooks {
  token: string
  onDone: (message: string) => void
  onEnded: (message: string) => void
}

/** A refused answer's field errors and form error, or the session's end. */
function useRefusal(onEnded: (message: string) => void) {
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  return {
    error,
    fields,
    clear: () => {
      setError(null)
      setFields({})
    },
    take: (answer: Answer<unknown> & {ok: false}) => {
      if (answer.status === 401) onEnded(answer.error)
      else {
        setFields(answer.fields)
        setError(Object.keys(answer.fields).length > 0 ? null : answer.error)
      }
    },
  }
}

/** 이름 정정: the name of every registration of the number on the site. */
export function NameCorrection({token, current, onDone, onEnded}: ActionHooks & {current: string}) {
  const id = useId()
  const [name, setName] = useState(current)
  const [busy, setBusy] = useState(false)
  const refusal = useRefusal(onEnded)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    refusal.clear()
    const answer = await correctName(token, name)
    setBusy(false)
    if (answer.ok)
      onDone(
        `이름을 ${withParticle(`‘${name.trim().replace(/\s+/g, ' ')}’`, '으로/로')} 바꿨습니다.`,
      )
    else refusal.take(answer)
  }

  return (
    <form className="rights-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>이름 정정</h3>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>올바른 이름</label>
        <input
          id={`${id}-name`}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...errorAttributes(`${id}-name-error`, refusal.fields.name)}
        />
        <FieldError id={`${id}-name-error`} message={refusal.fields.name} />
      </div>
      <FormError message={refusal.error} />
      <div className="rights-buttons">
        <button type="submit" className="is-primary" disabled={busy}>
          {busy ? '바꾸는 중…' : '이름 바꾸기'}
        </button>
      </div>
    </form>
  )
}

/**
 * 연락처 변경: the new number gets a code of its own, so that nobody moves their data to a
 * phone they do not hold. The answer is the session of the new number.
 */
export function NumberCorrection({
  token,
  onDone,
  onEnded,
  onSession,
}: ActionHooks & {onSession: (session: Omit<VisitorSession, 'ok'>) => void}) {
  const id = useId()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const refusal = useRefusal(onEnded)

  async function send(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    refusal.clear()
    const answer = await askNumberCode(token, phone)
    setBusy(false)
    if (answer.ok) setSentTo(answer.sentTo)
    else refusal.take(answer)
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    refusal.clear()
    const answer = await confirmNumber(token, phone, code)
    setBusy(false)
    if (!answer.ok) return refusal.take(answer)
    onSession(answer)
    onDone(
      `연락처를 ${withParticle(phone, '으로/로')} 바꿨습니다. 앞으로 안내 문자는 새 번호로 보내 드립니다.`,
    )
  }

  return sentTo === null ? (
    <form className="rights-form" onSubmit={(event) => void send(event)} noValidate>
      <h3>연락처 변경</h3>
      <MobileNumberField
        id={id}
        label="새 휴대전화 번호"
        value={phone}
        onChange={setPhone}
        error={refusal.fields.phone}
      />
      <FormError message={refusal.error} />
      <div className="rights-buttons">
        <button type="submit" className="is-primary" disabled={busy}>
          {busy ? '보내는 중…' : '새 번호로 인증번호 받기'}
        </button>
      </div>
    </form>
  ) : (
    <form className="rights-form" onSubmit={(event) => void confirm(event)} noValidate>
      <h3>연락처 변경</h3>
      <p role="status">
        새 번호 {sentTo}에 인증번호를 보냈습니다. {CODE_MINUTES}분 안에 입력해 주세요.
      </p>
      <CodeField
        id={id}
        label="새 번호로 받은 인증번호"
        value={code}
        onChange={setCode}
        error={refusal.fields.code}
      />
      <FormError message={refusal.error ?? refusal.fields.phone ?? null} />
      <div className="rights-buttons">
        <button type="submit" className="is-primary" disabled={busy || code.length !== CODE_DIGITS}>
          {busy ? '바꾸는 중…' : '연락처 바꾸기'}
        </button>
        <button type="button" disabled={busy} onClick={() => setSentTo(null)}>
          번호 다시 입력
        </button>
      </div>
    </form>
  )
}
