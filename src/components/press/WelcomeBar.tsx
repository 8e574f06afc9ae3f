import {adminSession} from '#src/lib/admin-session.ts'

export function WelcomeBar({email}: {email: string}) {
  return (
    <div className="press-welcome">
      <p>
        <strong>{email}</strong> 님, 환영합니다.
      </p>
      <button
        type="button"
        className="press-button press-button-line"
        onClick={() => void adminSession.logout()}
      >
        로그아웃
      </button>
    </div>
  )
}
