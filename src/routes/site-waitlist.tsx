import {WaitlistClaim} from '#src/components/visits/WaitlistClaim.tsx'
import {routeHead} from '#src/lib/seo/route-head.ts'
import {fetchWaitlistEntry} from '../lib/api/waitlist.ts'
import '#src/styles/visitor-buttons.css'
import '#src/styles/visits.css'
import type {Route} from './+types/site-waitlist'

/**
 * /:site/waitlist/:token: a waiting-list entry, from the join's answer or the offer's text:
 * where it stands, and while a seat is held for it, the time left and 예약 확정. Drawn in
 * the browser only (the SPA fallback serves it, see netlify.toml), like the visit's page.
 */
export async function clientLoader({params}: Route.ClientLoaderArgs) {
  const token = params.token ?? ''
  return {token, answer: await fetchWaitlistEntry(token)}
}

export function HydrateFallback() {
  return <p className="visit-page-loading">대기 신청 정보를 불러오는 중입니다…</p>
}

export const meta: Route.MetaFunction = ({matches, params}) =>
  routeHead(matches, {
    path: `/${params.site ?? ''}/waitlist`,
    title: '방문 대기 신청 확인',
    description: '방문 대기 신청의 순서를 확인하고, 자리가 나면 예약을 확정합니다.',
    noindex: true,
  })

export default function SiteWaitlist({loaderData}: Route.ComponentProps) {
  const {token, answer} = loaderData
  return (
    <section className="site-page visit-page">
      {answer.kind === 'ok' ? (
        <WaitlistClaim key={token} token={token} initial={answer.entry} />
      ) : (
        <div className="visit-unavailable" role="alert">
          <h1>방문 대기 신청 확인</h1>
          <p>
            {answer.kind === 'refused'
              ? answer.error
              : '대기 신청 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'}
          </p>
        </div>
      )}
    </section>
  )
}
