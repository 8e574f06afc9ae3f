import type {MetaDescriptor} from 'react-router'
import type {LayoutData} from '../layout-data.ts'
import {siteConfig} from '../site-config.ts'
import {breadcrumbFor} from '../site-paths.ts'
import {buildHead, type PageHead} from './head.ts'

interface MatchLike {
  id: string
  loaderData?: unknown
}

/** The layout data as a route's `meta` function sees it (the root match). */
export function layoutFromMatches(matches: ReadonlyArray<MatchLike | undefined>): LayoutData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as LayoutData | undefined
}

/**
 * A route's head tags: `buildHead` with the site settings from the root route, the
 * site's address, and a breadcrumb from the navigation menu for every subpage.
 * Use it as `export const meta = ({matches, loaderData}) => routeHead(matches, {...})`.
 */
export function routeHead(matches: ReadonlyArray<MatchLike | undefined>, page: PageHead): MetaDescriptor[] {
  const layout = layoutFromMatches(matches)
  const breadcrumb =
    page.breadcrumb ?? (page.path === '/' || page.noindex ? undefined : breadcrumbFor(page.path, page.title || '', layout?.navigation.menu))
  return buildHead({...page, breadcrumb}, layout?.settings ?? {}, siteConfig.siteUrl)
}
