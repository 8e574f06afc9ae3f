import {hasSecondFactor} from '#shared/auth/enrolled-factors.ts'
import {SecondFactorStep} from '#src/components/admin/SecondFactorStep.tsx'
import {LoginForm} from './LoginForm.tsx'
import {useAdminSession} from './useAdminSession.ts'
import {WelcomeBar} from './WelcomeBar.tsx'
import {WriteForm} from './WriteForm.tsx'

/**
 * Below the press list: the sign-in form, its second factor, or for a signed-in administrator the
 * welcome bar and the write form. A second factor is enrolled in the staff workspace.
 */
export function AdminPanel({
  siteSlug,
  onPublished,
}: {
  siteSlug: string
  onPublished: (id: string) => void
}) {
  const session = useAdminSession()
  return (
    <section className="press-admin" aria-label="관리자">
      {session.status === 'signedIn' ? (
        <>
          <WelcomeBar email={session.email} />
          <WriteForm siteSlug={siteSlug} onPublished={onPublished} />
        </>
      ) : session.status === 'secondFactor' ? (
        hasSecondFactor(session.enrolled) ? (
          <SecondFactorStep email={session.email} enrolled={session.enrolled} />
        ) : (
          <>
            <WelcomeBar email={session.email} />
            <p className="press-message" role="alert">
              2단계 인증을 등록해야 글을 쓸 수 있습니다. <a href="/admin/leads">상담 관리 화면</a>
              에서 인증 앱이나 패스키를 먼저 등록해 주세요.
            </p>
          </>
        )
      ) : (
        <LoginForm checking={session.status === 'unknown'} />
      )}
    </section>
  )
}
