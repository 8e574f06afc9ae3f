import {redirect} from 'react-router'
import type {LakeReader} from '#shared/lake-query.ts'
import {PRESS_POST_QUERY} from '#src/lib/queries.ts'
import {loadSite} from '#src/lib/site-data.ts'
import {PROMOTION_PRESS_PATH} from '../page-paths.ts'

/**
 * A press post and its site. An unknown site is a 404 like the list's; a post that does
 * not exist (deleted, or a mistyped id) sends the visitor to /Promotion/Press, which
 * leads on to the default site's list.
 */
export async function loadPressPostPage(
  lake: LakeReader,
  siteSlug: string | undefined,
  id: string | undefined,
) {
  const site = await loadSite(lake, siteSlug)
  const post = id ? await lake.fetch(PRESS_POST_QUERY, {site: site.slug ?? '', id}) : null
  if (!post) throw redirect(PROMOTION_PRESS_PATH)
  return {site, post}
}

export type PressPostPage = Awaited<ReturnType<typeof loadPressPostPage>>
