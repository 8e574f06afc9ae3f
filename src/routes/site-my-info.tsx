import {VisitorDataPage} from '#src/components/visitor-data/VisitorDataPage.tsx'
import {routeHead} from '#src/lib/seo/route-head.ts'
import '#src/styles/visitor-buttons.css'
import '#src/styles/visits.css'
import type {Route} from './+types/site-my-info'

/**
 * /:site/my-info and /:site/my-info/:token: the visitor's data page, from the link in every
 * text and on the visit's page (the token: the code goes to that link's number) or from the
 * privacy page's form (the session it opened). Drawn in the browser only (the SPA fallback
 * serves it, see netlify.toml): what it shows is personal and behind a code.
 */
export function clientLoader({params}: Route.ClientLoaderArgs) {
  return {site: params.site ?? '', link: params.token}
}

export function HydrateFallback() {
  return <p className="visit-page-loading">내 정보 페이지를 여는 중입니다…</p>
}

export const meta: Route.MetaFunction = ({matches, params}) =>
  routeHead(matches, {
    path: `/${params.site ?? ''}/my-info`,
    title: '내 정보 확인·정정·삭제',
    description: '이 현장에 남아 있는 내 개인정보를 확인하고 고치거나 삭제합니다.',
    noindex: true,
  })

export default function SiteMyInfo({loaderData}: Route.ComponentProps) {
  const {site, link} = loaderData
  return (
    <section className="site-page visit-page rights-page">
      <VisitorDataPage key={`${site}/${link ?? ''}`} site={site} link={link} />
    </section>
  )
}
