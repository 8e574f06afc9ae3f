import {Link} from 'react-router'
import {particleFor} from '#shared/korean-particles.ts'
import {myInfoPath} from '#shared/visitor-data/contract.ts'
import {telHref} from '#src/components/layout/tel-href.ts'
import {VisitBooking} from '#src/components/visits/VisitBooking.tsx'
import {ModelHouseInfo} from '#src/components/visits/ModelHouseInfo.tsx'
import {modelHouseOf, useLayoutData} from '#src/lib/layout-data.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import {fetchVisit} from '../lib/api/visit.ts'
import '#src/styles/visitor-buttons.css'
import '#src/styles/visits.css'
import type {Route} from './+types/site-visit'

/**
 * /:site/visit/:token: the visitor's own booking, from the link of their confirmation text.
 * Drawn in the browser only (the SPA fallback serves it, see netlify.toml): a booking is
 * personal and changes, so no page is generated for it and search engines keep out.
 */
export async function clientLoader({params}: Route.ClientLoaderArgs) {
  const token = params.token ?? ''
  return {token, answer: await fetchVisit(token)}
}

export function HydrateFallback() {
  return <p className="visit-page-loading">예약 정보를 불러오는 중입니다…</p>
}

export const meta: Route.MetaFunction = ({matches, params}) =>
  routeHead(matches, {
    path: `/${params.site ?? ''}/visit`,
    title: '방문 예약 확인',
    description: '방문 예약을 확인하고 변경하거나 취소합니다.',
    noindex: true,
  })

export default function SiteVisit({loaderData, params}: Route.ComponentProps) {
  const {token, answer} = loaderData
  const layout = useLayoutData()
  const {settings} = layout
  const modelHouse = modelHouseOf(layout, params.site)
  return (
    <section className="site-page visit-page">
      {answer.kind === 'ok' ? (
        <VisitBooking
          key={token}
          token={token}
          initial={answer.visit}
          houseShownBelow={modelHouse !== null}
        />
      ) : (
        <div className="visit-unavailable" role="alert">
          <h1>방문 예약 확인</h1>
          <p>
            {answer.kind === 'refused'
              ? answer.error
              : '예약 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'}
          </p>
        </div>
      )}
      {modelHouse ? (
        <ModelHouseInfo
          house={modelHouse}
          builtOn={layout.builtOn}
          heading="h2"
          className="visit-page-house"
        />
      ) : null}
      <p className="visit-page-rights">
        예약하며 남기신 정보는{' '}
        <Link to={myInfoPath(params.site ?? '', token)}>내 정보 확인·정정·삭제</Link>에서 보고
        고치거나 지우실 수 있습니다.
      </p>
      {settings.phone ? (
        <p className="visit-page-phone">
          도움이 필요하시면 대표번호 <a href={telHref(settings.phone)}>{settings.phone}</a>
          {particleFor(settings.phone, '으로/로')} 연락 주세요.
        </p>
      ) : null}
    </section>
  )
}
