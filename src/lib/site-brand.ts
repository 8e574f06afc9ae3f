import type {SITE_QUERY_RESULT} from '#sanity.types.ts'
import type {LayoutData} from './layout-data.ts'
import {sitePressPath} from './page-paths.ts'

/**
 * Route `handle` of a site's press and customer pages: they wear that site's brand and two-entry
 * menu.
 */
export interface SiteSectionHandle {
  siteSection: true
}

function isSiteSection(handle: unknown): handle is SiteSectionHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    (handle as SiteSectionHandle).siteSection === true
  )
}

type SiteFields = NonNullable<SITE_QUERY_RESULT>

/** A site's own brand, as its pages' loaders return it (`site` in their data). */
export type SiteBrand = Pick<
  SiteFields,
  'slug' | 'name' | 'logo' | 'logoWhite' | 'phone' | 'company' | 'registrationName' | 'image'
> &
  Partial<Pick<SiteFields, 'blurb'>>

interface MatchLike {
  handle?: unknown
  loaderData?: unknown
}

/** What a site's customer page registers when its document does not say. */
export const DEFAULT_REGISTRATION_NAME = '방문예약 등록'

/** The brand of the site whose press or customer page is shown; null on every other page. */
export function siteBrandOf(matches: ReadonlyArray<MatchLike | undefined>): SiteBrand | null {
  for (const match of matches) {
    if (!match || !isSiteSection(match.handle)) continue
    const site = (match.loaderData as {site?: SiteBrand | null} | undefined)?.site
    if (site?.slug) return site
  }
  return null
}

/**
 * The layout as a site's own pages show it: that site's name in the header, footer and
 * titles, its logos, phone and company lines, its customer page wherever a link means "the
 * site" (registration, consultation), and its registration name on the menu's customer
 * entry. Company lines are the site's alone: another developer's CEO or business number
 * must never stand beside this one's name. The default site's pages start at the home page;
 * another site's, which has no home page of its own, at its press list.
 */
export function withSiteBrand(layout: LayoutData, site: SiteBrand | null): LayoutData {
  if (!site?.slug) return layout
  const {settings, navigation} = layout
  return {
    ...layout,
    site: site.slug,
    home: site.slug === settings.defaultSite ? '/' : sitePressPath(site.slug),
    registrationName: site.registrationName ?? undefined,
    settings: {
      ...settings,
      complexName: site.name || settings.complexName,
      logo: site.logo ?? settings.logo,
      logoWhite: site.logoWhite ?? (site.logo ? null : settings.logoWhite),
      phone: site.phone || settings.phone,
      company: site.company?.developer ? {...site.company} : settings.company,
      defaultSite: site.slug,
      // The default site's fallbacks would name it in a title or a description.
      seo: {
        _type: 'seo',
        ...settings.seo,
        title: site.name ?? undefined,
        description: site.blurb ?? undefined,
        image: site.image ?? settings.seo?.image,
      },
    },
    navigation: {
      ...navigation,
      siteMenu: (navigation.siteMenu ?? []).map((item) =>
        item.segment === 'customer' && site.registrationName
          ? {...item, title: site.registrationName}
          : item,
      ),
    },
  }
}
