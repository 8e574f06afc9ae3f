import {PRESS_POST_QUERY, SITE_QUERY} from './queries.ts'
import {notFound} from './page-data.ts'
import {siteClient} from './sanity.ts'

/** A press/customer site by its path segment; 404 for an unknown segment. */
export async function loadSite(slug: string | undefined) {
  if (!slug) notFound()
  const site = await siteClient.fetch(SITE_QUERY, {site: slug})
  if (!site) notFound()
  return site
}

export type SiteData = Awaited<ReturnType<typeof loadSite>>

/** A press post of a site; 404 when the site or the post does not exist. */
export async function loadPressPost(siteSlug: string | undefined, id: string | undefined) {
  const site = await loadSite(siteSlug)
  if (!id) notFound()
  const post = await siteClient.fetch(PRESS_POST_QUERY, {site: site.slug ?? '', id})
  if (!post) notFound()
  return {site, post}
}
