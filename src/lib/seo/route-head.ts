import type {MetaDescriptor} from 'react-router'
import type {LayoutData} from '#src/lib/layout-data.ts'
import {siteBrandOf, withSiteBrand} from '#src/lib/site-brand.ts'
import {publicConfig} from '../public-config.ts'
import {breadcrumbFor} from '../page-paths.ts'
import {buildHead, type PageHead} from './head.ts'

interface MatchLike {
  id: string
  handle?: unknown
  loaderData?: unknown
}

/**
 * The layout data as a route's `meta` function sees it (the root match), in the brand of the site
 * whose page it is.
 */
export function layoutFromMatches(
  matches: ReadonlyArray<MatchLike | undefined>,
): LayoutData | undefined {
  const layout = matches.find((match) => match?.id === 'root')?.loaderData as LayoutData | undefined
  return layout ? withSiteBrand(layout, siteBrandOf(matches)) : undefined
}

/**
 * A route's head tags: `buildHead` with the site settings from the root route (in the
 * brand of the site whose page it is), the site's address, and a breadcrumb from the
 * navigation menu for every subpage.
 * Use it as `export const meta = ({matches, loaderData}) => routeHead(matches, {...})`.
 */
export function routeHead(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: PageHead,
): MetaDescriptor[] {
  const layout = layoutFromMatches(matches)
  const breadcrumb =
    page.breadcrumb ??
    (page.path === '/' || page.noindex
      ? undefined
      : breadcrumbFor(page.path, page.title || '', layout?.navigation.menu))
  return buildHead(
    {...page, breadcrumb, brandHome: layout?.home},
    layout?.settings ?? {},
    publicConfig.siteUrl,
  )
}
