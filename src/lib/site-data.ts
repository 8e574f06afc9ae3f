import type {LakeReader} from '#shared/lake-query.ts'
import {notFound} from './content-pages/page-data.ts'
import {SITE_QUERY} from './queries.ts'

/** A press/customer site by its path segment; 404 for an unknown segment. */
export async function loadSite(lake: LakeReader, slug: string | undefined) {
  if (!slug) notFound()
  const site = await lake.fetch(SITE_QUERY, {site: slug})
  if (!site) notFound()
  return site
}

export type SiteData = Awaited<ReturnType<typeof loadSite>>
