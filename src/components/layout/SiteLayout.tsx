import {useEffect, type ReactNode} from 'react'
import {useMatches, useParams} from 'react-router'
import {HydrateLater} from '~/components/HydrateLater.tsx'
import {RegistrationPopup} from '~/components/registration/RegistrationPopup.tsx'
import {whenHydrated} from '~/lib/hydration.ts'
import {useLayoutData} from '~/lib/layout-data.ts'
import {isSiteSection} from '~/lib/site-brand.ts'
import {MobileBar} from './MobileBar.tsx'
import {SiteFooter} from './SiteFooter.tsx'
import {SiteHeader} from './SiteHeader.tsx'
import {useScrollToTop} from './useScrollToTop.ts'

/** Header, main content, footer and the narrow-screen bar: the frame of every page. */
export function SiteLayout({children}: {children: ReactNode}) {
  const layout = useLayoutData()
  const matches = useMatches()
  const params = useParams()
  const site = matches.some((match) => isSiteSection(match.handle)) ? (params.site ?? null) : null
  useScrollToTop()

  // Hover/focus menus work from CSS alone until the page is interactive, every part of it.
  useEffect(() => {
    void whenHydrated().then(() => {
      document.documentElement.dataset.hydrated = ''
    })
  }, [])

  return (
    <>
      <a className="skip-link" href="#main">
        본문 바로가기
      </a>
      {/* The frame and the page's content hydrate part by part, each in a task of its own,
          after the first pass, which holds React Router's start. */}
      <HydrateLater>
        <SiteHeader layout={layout} site={site} />
      </HydrateLater>
      <main id="main" tabIndex={-1}>
        <HydrateLater>{children}</HydrateLater>
      </main>
      <HydrateLater>
        <SiteFooter settings={layout.settings} registrationName={layout.registrationName} />
      </HydrateLater>
      <HydrateLater>
        <MobileBar phone={layout.settings.phone} />
      </HydrateLater>
      <HydrateLater>
        <RegistrationPopup site={site} />
      </HydrateLater>
    </>
  )
}
