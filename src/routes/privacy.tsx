import {PortableText} from '@portabletext/react'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'
import {richTextComponents} from '#src/components/rich-text.tsx'
import {TitleBanner} from '#src/components/content-page/TitleBanner.tsx'
import {ProcessorsSection} from '#src/components/privacy/ProcessorsSection.tsx'
import {RetentionSection} from '#src/components/privacy/RetentionSection.tsx'
import {RightsSection} from '#src/components/privacy/RightsSection.tsx'
import {notFound} from '#src/lib/content-pages/page-data.ts'
import {PrivacyDataForm} from '#src/components/visitor-data/PrivacyDataForm.tsx'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {LEAD_SITES_QUERY, PRIVACY_QUERY} from '#src/lib/queries.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import {PRIVACY_PATH} from '../lib/page-paths.ts'
import type {Route} from './+types/privacy'
import '#src/styles/pages.css'

export async function loader() {
  const [privacy, sites] = await Promise.all([
    siteClient.fetch(PRIVACY_QUERY),
    siteClient.fetch(LEAD_SITES_QUERY),
  ])
  if (!privacy) notFound()
  return {privacy, sites}
}

export const meta: Route.MetaFunction = ({loaderData, matches}) =>
  routeHead(matches, {
    path: PRIVACY_PATH,
    title: loaderData?.privacy.policyTitle || '개인정보처리방침',
    description: loaderData?.privacy.purpose,
    seo: loaderData?.privacy.seo,
  })

const dateFormat = new Intl.DateTimeFormat('ko-KR', {dateStyle: 'long', timeZone: 'Asia/Seoul'})

export default function Privacy({loaderData}: Route.ComponentProps) {
  const {privacy, sites} = loaderData
  const {settings} = useLayoutData()
  const consent = [
    ['수집 및 이용 목적', privacy.purpose],
    ['수집 항목', privacy.items],
    ['보유 및 이용 기간', privacy.retention],
    ['동의를 거부할 권리', privacy.refusal],
  ] as const
  return (
    <article className="content-page privacy-page">
      <TitleBanner title={privacy.policyTitle || '개인정보처리방침'} />
      <div className="page-body">
        <section className="page-section">
          <h2>{privacy.consentTitle}</h2>
          <dl className="privacy-consent">
            {consent.map(([term, text]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>
                  <TextBlock text={text} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
        {privacy.marketingTitle ? (
          <section className="page-section">
            <h2>{privacy.marketingTitle}</h2>
            <TextBlock text={privacy.marketingText} />
          </section>
        ) : null}
        {privacy.policy ? (
          <section className="page-section privacy-policy">
            <PortableText value={privacy.policy} components={richTextComponents} />
          </section>
        ) : null}
        <RetentionSection
          periods={privacy.retentionPeriods}
          destructionNote={privacy.destructionNote}
        />
        <ProcessorsSection processors={privacy.processors} note={privacy.processingNote} />
        <RightsSection rights={privacy.rights} />
        {privacy.policyClosing ? (
          <section className="page-section privacy-policy">
            <PortableText value={privacy.policyClosing} components={richTextComponents} />
          </section>
        ) : null}
        {privacy.effectiveDate ? (
          <p className="page-note">시행일: {dateFormat.format(new Date(privacy.effectiveDate))}</p>
        ) : null}
        <PrivacyDataForm sites={sites} defaultSite={settings.defaultSite ?? null} />
      </div>
    </article>
  )
}
