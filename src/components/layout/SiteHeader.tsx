import {useId} from 'react'
import {Link, NavLink} from 'react-router'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {FirstComeNotice} from '#src/components/units/RemainingUnits.tsx'
import type {LayoutData} from '#src/lib/layout-data.ts'
import {DesktopNav} from './DesktopNav.tsx'
import {mainNavGroups, siteNavLinks} from './nav-groups.ts'
import {MobileMenu} from './MobileMenu.tsx'
import {RegistrationLink} from './RegistrationLink.tsx'
import {SiteMenu} from './SiteMenu.tsx'
import {siteHref} from '#src/lib/page-paths.ts'
import {linkTarget} from '#schemas/rules/linkHref.ts'
import {telHref} from './tel-href.ts'
import {useScrolledPast} from './useScrolledPast.ts'

interface SiteHeaderProps {
  layout: LayoutData
  /** On the press and customer pages: the site whose two-entry menu replaces the main menu. */
  site: string | null
}

export function SiteHeader({layout, site}: SiteHeaderProps) {
  const {settings, navigation} = layout
  const scrolled = useScrolledPast(0)
  const menuId = useId()
  const siteLinks = site ? siteNavLinks(navigation, site) : null
  const groups = siteLinks
    ? [{key: 'site', title: '', links: siteLinks}]
    : mainNavGroups(navigation, settings.defaultSite, layout.comingSoon)

  return (
    <header className="site-header" data-scrolled={scrolled || undefined}>
      {settings.firstComeNotice ? (
        <div className="notice-bar">
          <FirstComeNotice />
        </div>
      ) : null}
      <div className="header-bar">
        <button
          type="button"
          className="hamburger"
          command="show-modal"
          commandfor={menuId}
          aria-haspopup="dialog"
          aria-label="메뉴 열기"
        >
          <span aria-hidden="true" />
        </button>
        <Link
          to={layout.home ?? '/'}
          className="logo"
          aria-label={`${settings.complexName ?? ''} 홈`}
        >
          {settings.logo ? (
            <SanityImage image={settings.logo} width={160} alt="" priority vector />
          ) : (
            <span>{settings.complexName}</span>
          )}
        </Link>
        {siteLinks ? <SiteMenu links={siteLinks} /> : <DesktopNav groups={groups} />}
        <div className="header-actions">
          {settings.consultUrl ? (
            <ConsultLink
              url={settings.consultUrl}
              label={settings.consultLabel}
              defaultSite={settings.defaultSite}
            />
          ) : null}
          {settings.headerBanner?.title ? <HeaderBanner banner={settings.headerBanner} /> : null}
          {settings.phone ? (
            <a
              className="phone-button"
              href={telHref(settings.phone)}
              aria-label={`전화 상담 ${settings.phone}`}
            >
              <span className="phone-icon" aria-hidden="true" />
              {settings.phone}
            </a>
          ) : null}
          {settings.phone ? (
            <a
              className="tel-link"
              href={telHref(settings.phone)}
              aria-label={`전화 상담 ${settings.phone}`}
            >
              <span className="phone-icon" aria-hidden="true" />
            </a>
          ) : null}
        </div>
      </div>
      <MobileMenu id={menuId} groups={groups} />
    </header>
  )
}

type Banner = NonNullable<LayoutData['settings']['headerBanner']>

/** The desktop header's call to action: its words as text over a picture that only decorates. */
function HeaderBanner({banner}: {banner: Banner}) {
  return (
    <RegistrationLink source="header" className="header-banner">
      {banner.image ? (
        <SanityImage
          image={banner.image}
          width={200}
          priority
          vector
          alt=""
          className="header-banner-art"
        />
      ) : null}
      <span className="header-banner-text">
        <strong>{banner.title}</strong>
        {banner.text ? <span>{banner.text}</span> : null}
      </span>
    </RegistrationLink>
  )
}

/** The header's consultation link: a site page (old addresses rewritten) or an outside address. */
function ConsultLink({
  url,
  label,
  defaultSite,
}: {
  url: string
  label?: string | null
  defaultSite?: string | null
}) {
  const text = label || '상담 신청'
  const link = linkTarget(url)
  if (!link) return <span className="pill">{text}</span>
  if (link.kind === 'site') {
    // On the consultation page itself the link marks it (aria-current) rather than reload it.
    return (
      <NavLink className="pill" to={siteHref(link.href, defaultSite)} end>
        {text}
      </NavLink>
    )
  }
  return (
    <a className="pill" href={link.href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  )
}
