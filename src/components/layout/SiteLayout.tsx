import type {ReactNode} from 'react'
import {RegistrationPopup} from '~/components/registration/RegistrationPopup.tsx'
import {useVisitAttribution} from '~/lib/registration/attribution.ts'
import {modelHouseOf, useLayoutData} from '~/lib/layout-data.ts'
import {MobileBar} from './MobileBar.tsx'
import {SiteFooter} from './SiteFooter.tsx'
import {SiteHeader} from './SiteHeader.tsx'
import {useScrollToTop} from './useScrollToTop.ts'

/** Header, main content, footer and the narrow-screen bar: the frame of every page. */
export function SiteLayout({children}: {children: ReactNode}) {
  const layout = useLayoutData()
  const site = layout.site ?? null
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
        modelHouse={modelHouseOf(layout)}
        builtOn={layout.builtOn}
      />
      <MobileBar phone={layout.settings.phone} registrationName={layout.registrationName} />
      <RegistrationPopup site={site} />
    </>
  )
}
