import {useId, useState, type FormEvent} from 'react'
import {adminSession} from '#src/lib/admin-session.ts'

/** The administrator sign-in, shown below the list to every visitor who is not signed in. */
export function LoginForm({checking}: {checking: boolean}) {
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setSubmitting(true)
    setError(null)
    const result = await adminSession.login(
      String(data.get('email') ?? '').trim(),
      String(data.get('password') ?? ''),
    )
    setSubmitting(false)
    if (!result.ok) setError(result.error)
  }

  return (
    // POST keeps the password out of the address should the form be sent before the script runs.
    <form
      className="press-login"
      method="post"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      aria-busy={checking || submitting}
    >
      <h2 id={`${id}-title`} className="press-panel-title">
        관리자 로그인
      </h2>
      <div className="press-login-fields">
        <label htmlFor={`${id}-email`}>이메일</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
        <label htmlFor={`${id}-password`}>비밀번호</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="press-button" disabled={submitting}>
          로그인
        </button>
      </div>
      <p className="press-message press-error" role="alert">
        {error ? `로그인 실패: ${error}` : null}
      </p>
    </form>
  )
}
