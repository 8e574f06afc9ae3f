import {useState, type FormEvent} from 'react'
import {adminSession} from '#src/lib/admin-session.ts'
import {FormError} from '#src/components/forms/FormError.tsx'

/**
 * A compact staff sign-in (the same session as the press page's); `notice` says why the last
 * sign-in ended by itself.
 */
export function AdminSignIn({notice}: {notice?: string}) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const result = await adminSession.login(email.trim(), password)
    setBusy(false)
    if (!result.ok) setError(`로그인 실패: ${result.error}`)
  }

  return (
    <form className="admin-sign-in" onSubmit={onSubmit}>
      <h2>관리자 로그인</h2>
      {notice ? (
        <p className="admin-sign-in-notice" role="status">
          {notice}
        </p>
      ) : null}
      <p>문의 목록은 관리자만 볼 수 있습니다.</p>
      <div className="form-field">
        <label htmlFor="admin-email">이메일</label>
        <input
          id="admin-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor="admin-password">비밀번호</label>
        <input
          id="admin-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <FormError message={error} />
      <button type="submit" disabled={busy}>
        {busy ? '로그인 중...' : '로그인'}
      </button>
    </form>
  )
}
