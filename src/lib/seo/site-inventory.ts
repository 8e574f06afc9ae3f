import type {SanityClient} from '@sanity/client'
import {SITE_MAP_QUERY} from '../queries.ts'
import type {SitemapEntry} from './sitemap.ts'
import {
  PRIVACY_PATH,
  siteCustomerPath,
  sitePressPath,
  sitePressPostPath,
  staticPagePaths,
} from '../page-paths.ts'

export type SiteMapData = Awaited<ReturnType<typeof fetchSiteMapData>>

export function fetchSiteMapData(client: SanityClient) {
  return client.fetch(SITE_MAP_QUERY)
}

/**
 * Every indexable page of the site with the date its content last changed: the fixed
 * pages, each site's press list and customer page, and every press post. The sitemap
 * lists exactly these and the build prerenders them.
 */
export function siteInventory(data: SiteMapData): SitemapEntry[] {
  const pageUpdates = new Map((data.pages ?? []).map((page) => [page.path, page._updatedAt]))
  const fixed = staticPagePaths().map((path) => ({
    path,
    lastmod:
      path === '/'
        ? data.homeUpdatedAt
        : path === PRIVACY_PATH
          ? data.privacyUpdatedAt
          : (pageUpdates.get(path) ?? null),
  }))
  const sites = (data.sites ?? []).flatMap((site) => [
    {
      path: sitePressPath(site.slug ?? ''),
      lastmod: latest(site._updatedAt, ...postsOf(data, site.slug).map((post) => post._updatedAt)),
    },
    {path: siteCustomerPath(site.slug ?? ''), lastmod: site._updatedAt},
  ])
  const posts = (data.press ?? []).map((post) => ({
    path: sitePressPostPath(post.site ?? '', post._id),
    lastmod: post._updatedAt,
  }))
  return [...fixed, ...sites, ...posts]
}

function postsOf(data: SiteMapData, site: string | null) {
  return (data.press ?? []).filter((post) => post.site === site)
}

function latest(...dates: Array<string | null | undefined>): string | null {
  const times = dates.filter((date): date is string => Boolean(date)).sort()
  return times[times.length - 1] ?? null
}
