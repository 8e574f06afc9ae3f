import {LoginForm} from './LoginForm.tsx'
import {useAdminSession} from './useAdminSession.ts'
import {WelcomeBar} from './WelcomeBar.tsx'
import {WriteForm} from './WriteForm.tsx'

/**
 * Below the press list: the sign-in form, or for a signed-in administrator the welcome bar and the
 * write form.
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
      ) : (
        <LoginForm checking={session.status === 'unknown'} />
      )}
    </section>
  )
}
