import {useMemo} from 'react'
import {useMatches, useRouteLoaderData} from 'react-router'
import {kstDate} from '#shared/korea-time.ts'
import {LAYOUT_QUERY} from './queries.ts'
import {loadConsentNotice} from './registration/consent.ts'
import type {LakeReader} from '#shared/lake-query.ts'
import {siteBrandOf, withSiteBrand} from './site-brand.ts'

/** Site settings and menus: the root route's data, shared by every page. */
export async function loadLayout(lake: LakeReader) {
  const layout = await lake.fetch(LAYOUT_QUERY)
  if (!layout.settings || !layout.navigation) {
    throw new Error(
      'siteSettings와 navigation 문서가 콘텐츠에 없습니다: 사이트를 만들 수 없습니다.',
    )
  }
  return {
    settings: layout.settings,
    navigation: layout.navigation,
    comingSoon: comingSoonPaths(layout.comingSoonPages, layout.comingSoonUnits),
    modelHouses: layout.modelHouses,
    /** Korea's date of the build: what the prerendered pages count the closed days from. */
    builtOn: kstDate(Date.now()),
  }
}

/** The model house of `site` (the shown brand's by default), or null when it has none. */
export function modelHouseOf(layout: LayoutData, site = layout.settings.defaultSite) {
  return layout.modelHouses.find((entry) => entry.site === site)?.house ?? null
}

/**
 * The addresses of what comes later: pages marked 준비 중 and the floor plans of types not yet
 * supplied. Every link to one of them carries the mark its page shows.
 */
export function comingSoonPaths(
  pages: Array<string | null>,
  unitSlugs: Array<string | null>,
): string[] {
  return [
    ...pages.filter((path): path is string => Boolean(path)),
    ...unitSlugs
      .filter((slug): slug is string => Boolean(slug))
      .map((slug) => `/FloorPlan/${slug}`),
  ]
}

export type LayoutData = Awaited<ReturnType<typeof loadLayout>> & {
  /** The slug of the site whose press or customer page is shown (`#src/lib/site-brand`). */
  site?: string
  /**
   * Where the shown brand's pages start: `/`, or another site's press list (`#src/lib/site-brand`).
   */
  home?: string
  /** What the shown brand's customer page registers, when a site names it (`#src/lib/site-brand`). */
  registrationName?: string
}

/** The root route's data: the layout, and the consent notice the popup can show on any page. */
export async function loadRootData(lake: LakeReader) {
  const [layout, consent] = await Promise.all([loadLayout(lake), loadConsentNotice(lake)])
  return {...layout, consent}
}

/**
 * The layout data from any component under the root route, in the brand of the site whose page is
 * shown.
 */
export function useLayoutData(): LayoutData {
  const data = useRouteLoaderData('root') as LayoutData | undefined
  const site = siteBrandOf(useMatches())
  const layout = useMemo(() => (data ? withSiteBrand(data, site) : undefined), [data, site])
  if (!layout) throw new Error('useLayoutData() outside the root route')
  return layout
}
