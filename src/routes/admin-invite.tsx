import {InvitePassword} from '#src/components/admin/InvitePassword.tsx'
import {INVITE_PAGE_PATH} from '#shared/auth/staff-accounts.ts'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import '#src/styles/admin.css'
import type {Route} from './+types/admin-invite'

/** A staff tool like the workspace: none of the marketing site's frame. */
export const handle = {standalone: true}

/**
 * /admin/invite#<token>: where an invite's link leads. The page is generated once and holds
 * nobody's data; the account behind the link is asked for in the browser.
 */
export const meta: Route.MetaFunction = ({matches}) =>
  routeHead(matches, {
    path: INVITE_PAGE_PATH,
    title: '직원 계정 비밀번호 설정',
    description: '초대받은 직원 계정의 비밀번호를 정합니다.',
    noindex: true,
  })

export default function AdminInvite() {
  const {settings} = useLayoutData()
  return (
    <>
      <header className="staff-header">
        <p>{settings.brandName ?? settings.complexName} 상담 관리</p>
      </header>
      <main id="main" className="admin-page invite-page">
        <h1>직원 계정</h1>
        <InvitePassword />
      </main>
    </>
  )
}
