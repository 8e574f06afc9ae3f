import {useId, useState, type FormEvent} from 'react'
import {adminSession, type EnrolledFactors} from '#src/lib/admin-session.ts'
import {passWithCode, passWithPasskey, type FactorResult} from '#src/lib/second-factor.ts'
import {useFactorRequest} from './useFactorRequest.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'

/**
 * The sign-in's second step, after the password: the authenticator app's code or a recovery
 * code, or one of the account's passkeys. The workspace opens when the server accepts one.
 */
export function SecondFactorStep({email, enrolled}: {email: string; enrolled: EnrolledFactors}) {
  const id = useId()
  const [code, setCode] = useState('')
  const {busy, error, run} = useFactorRequest()

  async function settle(attempt: () => Promise<FactorResult>) {
    if (await run(attempt)) adminSession.secondFactorPassed()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void settle(() => passWithCode(code.trim()))
  }

  return (
    <form className="second-factor-step" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>2단계 인증</h2>
      <p>
        <strong>{email}</strong> 계정의 비밀번호를 확인했습니다.{' '}
        {enrolled.totp
          ? '인증 앱에 보이는 6자리 코드나 복구 코드를 입력해 주세요.'
          : '패스키로 인증하거나 복구 코드를 입력해 주세요.'}
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-code`}>인증 코드</label>
        <input
          id={`${id}-code`}
          autoComplete="one-time-code"
          // A recovery code has letters: the keyboard stays the full one.
          inputMode={enrolled.totp ? 'numeric' : 'text'}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...errorAttributes(`${id}-error`, error)}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} announce />
      <div className="second-factor-actions">
        <button type="submit" disabled={busy}>
          {busy ? '확인 중...' : '확인'}
        </button>
        {enrolled.passkeys > 0 ? (
          <button type="button" disabled={busy} onClick={() => void settle(passWithPasskey)}>
            패스키로 인증
          </button>
        ) : null}
        <button type="button" onClick={() => void adminSession.logout()}>
          다른 계정으로 로그인
        </button>
      </div>
    </form>
  )
}
