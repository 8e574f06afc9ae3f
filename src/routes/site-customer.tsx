import {SanityImage} from '#src/components/SanityImage.tsx'
import {DEFAULT_REGISTRATION_NAME, type SiteSectionHandle} from '#src/lib/site-brand.ts'
import {telHref} from '#src/components/layout/tel-href.ts'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'
import {RegistrationForm} from '#src/components/registration/RegistrationForm.tsx'
import {ModelHouseInfo} from '#src/components/visits/ModelHouseInfo.tsx'
import {modelHouseOf, useLayoutData} from '#src/lib/layout-data.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {loadSite} from '#src/lib/site-data.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import {siteCustomerPath} from '../lib/page-paths.ts'
import type {Route} from './+types/site-customer'

/** /:site/customer: the visit-reservation page, the site's introduction beside the form. */
export const handle: SiteSectionHandle = {siteSection: true}

/** Used when the site's own blurb is still empty. */
const DEFAULT_BLURB =
  '문의 사항을 남겨 주시면 빠르게 답변드립니다.\n방문예약을 등록하시면 분양 소식을 가장 먼저 받아 보실 수 있습니다.'

export async function loader({params}: Route.LoaderArgs) {
  return {site: await loadSite(siteClient, params.site)}
}

export const meta: Route.MetaFunction = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: siteCustomerPath(loaderData.site.slug ?? ''),
        title: registrationName(loaderData.site),
        description: loaderData.site.blurb,
        image: loaderData.site.image,
      })
    : []

/**
 * What the page registers (방문예약 등록 or 관심고객 등록): its heading, its form's title and its page title
 * say the same.
 */
const registrationName = (site: {registrationName?: string | null}) =>
  site.registrationName || DEFAULT_REGISTRATION_NAME

export default function SiteCustomer({loaderData}: Route.ComponentProps) {
  const {site} = loaderData
  const layout = useLayoutData()
  const {settings} = layout
  const modelHouse = modelHouseOf(layout)
  return (
    <section className="site-page customer-page">
      <div className="customer-info">
        <p className="site-name">{site.name}</p>
        <h1>{site.heading || registrationName(site)}</h1>
        <SanityImage image={site.image} width={640} priority />
        <TextBlock text={site.blurb || DEFAULT_BLURB} className="customer-blurb" />
        {settings.phone ? (
          <p className="customer-phone">
            <span className="customer-phone-label">대표번호</span>
            <a href={telHref(settings.phone)}>{settings.phone}</a>
            <span>{settings.counselHours || '24시간 상담'}</span>
          </p>
        ) : null}
        {modelHouse ? (
          <ModelHouseInfo house={modelHouse} builtOn={layout.builtOn} heading="h2" />
        ) : null}
      </div>
      <div className="customer-form">
        <h2>{registrationName(site)}</h2>
        <RegistrationForm source="customer" site={site.slug} withMessage withVisitTime />
      </div>
    </section>
  )
}
