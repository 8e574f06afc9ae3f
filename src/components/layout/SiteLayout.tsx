import type {ReactNode} from 'react'
import {useParams} from 'react-router'
import {RegistrationPopup} from '#src/components/registration/RegistrationPopup.tsx'
import {useVisitAttribution} from '#src/lib/registration/attribution.ts'
import {modelHouseOf, useLayoutData} from '#src/lib/layout-data.ts'
import {MobileBar} from './MobileBar.tsx'
import {SiteFooter} from './SiteFooter.tsx'
import {SiteHeader} from './SiteHeader.tsx'
import {useScrollToTop} from './useScrollToTop.ts'

/** Header, main content, footer and the narrow-screen bar: the frame of every page. */
export function SiteLayout({children}: {children: ReactNode}) {
  const layout = useLayoutData()
  const site = layout.site ?? null
  // A visitor's page of another site's booking states that site's model house itself; the
  // footer, in the default site's brand, then names no second one beside it.
  const pageSite = useParams().site
  const footerHouse =
    pageSite && pageSite !== layout.settings.defaultSite ? null : modelHouseOf(layout)
  useScrollToTop()
  useVisitAttribution()

  return (
    <>
      <a className="skip-link" href="#main">
        본문 바로가기
      </a>
      <SiteHeader layout={layout} site={site} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        settings={layout.settings}
        registrationName={layout.registrationName}
        modelHouse={footerHouse}
        builtOn={layout.builtOn}
      />
      <MobileBar phone={layout.settings.phone} registrationName={layout.registrationName} />
      <RegistrationPopup site={site} />
    </>
  )
}
