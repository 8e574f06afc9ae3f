import {useSyncExternalStore} from 'react'
import {useLoaderData, type MetaFunction} from 'react-router'
import {AdminSignIn} from '~/components/admin/AdminSignIn.tsx'
import {LeadsView} from '~/components/admin/LeadsView.tsx'
import {adminSession} from '~/lib/admin-session.ts'
import {LEAD_SITES_QUERY} from '~/lib/queries.ts'
import {siteClient} from '~/lib/sanity.ts'
import {routeHead} from '~/lib/seo/route-head.ts'
import '~/styles/admin.css'

/** /admin/leads: the collected leads for staff. The page is static; the data needs a sign-in. */
export async function loader() {
  return {sites: await siteClient.fetch(LEAD_SITES_QUERY)}
}

export const meta: MetaFunction = ({matches}) =>
  routeHead(matches, {
    path: '/admin/leads',
    title: '문의 관리',
    description: '방문예약·관심고객 문의 관리',
    noindex: true,
  })

export default function AdminLeads() {
  const {sites} = useLoaderData<typeof loader>()
  const session = useSyncExternalStore(
    adminSession.subscribe,
    adminSession.getSnapshot,
    adminSession.getSnapshot,
  )
  return (
    <section className="admin-page">
      <h1>문의 관리</h1>
      {session.status === 'signedIn' ? (
        <LeadsView email={session.email} sites={sites} />
      ) : session.status === 'signedOut' ? (
        <AdminSignIn />
      ) : (
        <p className="leads-loading">로그인 상태를 확인하는 중...</p>
      )}
    </section>
  )
}
