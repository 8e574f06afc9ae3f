import {useEffect, useRef, useState, type FormEvent} from 'react'
import {
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordLengthProblem,
} from '#shared/auth/password-rule.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {formatLeadTime} from './lead-labels.ts'
import {openInvite, setInvitePassword} from '#src/lib/api/invite.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

/** Where the page ends: the link refused when it is sent, or the password set. */
type Ended = {kind: 'refused'; error: string} | {kind: 'done'; email: string}

type Step =
  | {kind: 'opening'}
  | Ended
  | {kind: 'form'; token: string; email: string; reset: boolean; expiresAt: string}

const NO_TOKEN = '링크가 올바르지 않습니다. 받은 링크를 빠짐없이 그대로 열어 주세요.'

/** The link's token, taken out of the address; what it opens, with the token to send it back. */
async function openLink() {
  const token = window.location.hash.slice(1)
  // The link stays out of the history and of anything shared from this tab.
  window.history.replaceState(window.history.state, '', window.location.pathname)
  if (!token) return {ok: false as const, error: NO_TOKEN}
  const opened = await openInvite(token)
  return opened.ok ? {...opened, token} : opened
}

/**
 * The page behind an invite's link: the token is read from the address's fragment (which no
 * server sees) and then taken out of the address, the person sets a password by the rule,
 * and signs in as usual.
 */
export function InvitePassword() {
  const invite = useLoaded(openLink, [])
  const [ended, setEnded] = useState<Ended | null>(null)
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const heading = useRef<HTMLHeadingElement>(null)
  const opened = invite.data
  const step: Step =
    ended ??
    (opened
      ? {
          kind: 'form',
          token: opened.token,
          email: opened.email,
          reset: opened.kind === 'reset',
          expiresAt: opened.expiresAt,
        }
      : invite.state === 'failed'
        ? {kind: 'refused', error: invite.error ?? NO_TOKEN}
        : {kind: 'opening'})

  useEffect(() => heading.current?.focus(), [step.kind])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (step.kind !== 'form') return
    const problems: Record<string, string> = {}
    const length = passwordLengthProblem(password)
    if (length) problems.password = length
    else if (password !== again) problems.again = PASSWORD_MESSAGES.mismatch
    setFieldErrors(problems)
    setError(null)
    if (Object.keys(problems).length > 0) return
    setBusy(true)
    const result = await setInvitePassword(step.token, password)
    setBusy(false)
    if (result.ok) return setEnded({kind: 'done', email: result.email})
    if (result.fields) return setFieldErrors(result.fields)
    setEnded({kind: 'refused', error: result.error})
  }

  if (step.kind === 'opening') return <p className="leads-loading">링크를 확인하는 중...</p>
  if (step.kind === 'refused')
    return (
      <div className="invite-refused" role="alert">
        <h2 ref={heading} tabIndex={-1}>
          링크를 쓸 수 없습니다
        </h2>
        <p>{step.error}</p>
      </div>
    )
  if (step.kind === 'done')
    return (
      <div className="invite-done">
        <h2 ref={heading} tabIndex={-1}>
          비밀번호를 정했습니다
        </h2>
        <p>
          이제 <strong>{step.email}</strong> 계정으로 로그인해 주세요.
        </p>
        <a className="invite-sign-in" href="/admin/leads">
          로그인하러 가기
        </a>
      </div>
    )
  return (
    <form className="invite-form" onSubmit={onSubmit} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        {step.reset ? '새 비밀번호 정하기' : '비밀번호 정하기'}
      </h2>
      <p>
        <strong>{step.email}</strong> 계정의 비밀번호를 정해 주세요. 이 링크는{' '}
        {formatLeadTime(step.expiresAt)}까지 한 번만 쓸 수 있습니다.
      </p>
      {/* Password managers file the new password under this account. */}
      <input type="email" autoComplete="username" value={step.email} readOnly hidden />
      <p id="invite-password-rule" className="invite-rule">
        {PASSWORD_MIN_LENGTH}자 이상으로, 남이 짐작하기 어렵게 정해 주세요. 많이 쓰이는 비밀번호와
        이메일 주소가 들어간 비밀번호는 쓸 수 없습니다.
      </p>
      <div className="form-field">
        <label htmlFor="invite-password">새 비밀번호</label>
        <input
          id="invite-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...errorAttributes(
            'invite-password-error',
            fieldErrors.password,
            'invite-password-rule',
          )}
        />
        <FieldError id="invite-password-error" message={fieldErrors.password} />
      </div>
      <div className="form-field">
        <label htmlFor="invite-password-again">새 비밀번호 확인</label>
        <input
          id="invite-password-again"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          {...errorAttributes('invite-password-again-error', fieldErrors.again)}
        />
        <FieldError id="invite-password-again-error" message={fieldErrors.again} />
      </div>
      <FormError message={error} />
      <button type="submit" disabled={busy}>
        {busy ? '저장하는 중...' : '비밀번호 저장'}
      </button>
    </form>
  )
}
