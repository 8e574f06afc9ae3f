import type {Crumb} from './seo/json-ld.ts'

/**
 * The site's fixed addresses. The route table, the build's prerender
 * list, the sitemap and the redirects all read them from here.
 */
export const CONTENT_PAGE_PATHS = [
  '/Brand/intro',
  '/Brand/video',
  '/BusinessGuide/intro',
  '/BusinessGuide/plan',
  '/BusinessGuide/documents',
  '/LocationEnvironment/intro',
  '/LocationEnvironment/primium',
  '/ComplexGuide/intro',
  '/ComplexGuide/detailintro',
  '/ComplexGuide/community',
  '/FloorPlan/videos',
  '/FloorPlan/Emodel',
  '/Interior/59A',
  '/Interior/84A',
  '/Interior/84B',
  '/SalesInfo/SubscriptionGuide',
  '/SalesInfo/guide',
  '/SalesInfo/announcement',
  '/SalesInfo/StampTax',
] as const

/** The `/FloorPlan/:type` pages (114A is the page the menus label 84C). */
export const FLOOR_PLAN_TYPES = ['59A', '59B', '84A', '84B', '114A', '114B', '119B'] as const

export const PRIVACY_PATH = '/privacy'

/** Every page whose address does not depend on the content. */
export function staticPagePaths(): string[] {
  return [
    '/',
    ...CONTENT_PAGE_PATHS,
    ...FLOOR_PLAN_TYPES.map((type) => `/FloorPlan/${type}`),
    PRIVACY_PATH,
  ]
}

/** The E-model house: one 360° tour page per unit type (84A, 84B), framed by the E-model tabs. */
export const TOUR_PATH_PREFIX = '/tour/'
export const tourPath = (key: string) => `${TOUR_PATH_PREFIX}${key}`

export const sitePressPath = (site: string) => `/${site}/press`
export const sitePressPostPath = (site: string, id: string) => `/${site}/press/${id}`
export const siteCustomerPath = (site: string) => `/${site}/customer`

/** Old addresses still linked from outside: answered with a permanent redirect. */
export const PROMOTION_PRESS_PATH = '/Promotion/Press'
export const PROMOTION_CUSTOMER_PATH = '/Promotion/Customer'
export const RENAMED_PATHS: Readonly<Record<string, string>> = {
  '/LocationEnvironment/premium': '/LocationEnvironment/primium',
}

/** Where an old address leads today, or null when it is not an old address. */
export function redirectTarget(
  pathname: string,
  defaultSite: string | null | undefined,
): string | null {
  if (pathname in RENAMED_PATHS) return RENAMED_PATHS[pathname] ?? null
  if (!defaultSite) return null
  if (pathname === PROMOTION_PRESS_PATH) return sitePressPath(defaultSite)
  if (pathname === PROMOTION_CUSTOMER_PATH) return siteCustomerPath(defaultSite)
  return null
}

/** A menu link as it should be followed: old addresses rewritten to where they lead. */
export function siteHref(url: string, defaultSite: string | null | undefined): string {
  return redirectTarget(url, defaultSite) ?? url
}

export interface MenuGroup {
  title?: string | null
  subMenu?: Array<{subTitle?: string | null; subUrl?: string | null}> | null
}

/** Home › menu group › page, the group being the one whose submenu links to `path`. */
export function breadcrumbFor(
  path: string,
  pageName: string,
  menu: MenuGroup[] | null | undefined,
): Crumb[] {
  const home: Crumb = {name: '홈', path: '/'}
  if (path === '/') return [home]
  const group = (menu ?? []).find((entry) => entry.subMenu?.some((item) => item.subUrl === path))
  const firstLink = group?.subMenu?.[0]?.subUrl
  const crumbs = [home]
  if (group?.title && firstLink && firstLink !== path)
    crumbs.push({name: group.title, path: firstLink})
  crumbs.push({name: pageName, path})
  return crumbs
}
