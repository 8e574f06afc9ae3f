import {LAYOUT_QUERY, PRESS_FEED_QUERY} from '#src/lib/queries.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {publicConfig} from '../lib/public-config.ts'
import {sitePressPath, sitePressPostPath} from '../lib/page-paths.ts'
import {RSS_PATH} from '#src/lib/seo/robots.ts'
import {rssXml} from '#src/lib/seo/rss.ts'
import type {Route} from './+types/rss.xml'

/** /rss.xml: the press posts of every site, newest first, written at build time. */
export async function loader(_args: Route.LoaderArgs) {
  const [posts, layout] = await Promise.all([
    siteClient.fetch(PRESS_FEED_QUERY),
    siteClient.fetch(LAYOUT_QUERY),
  ])
  const siteName = layout.settings?.complexName ?? ''
  const defaultSite = layout.settings?.defaultSite
  const xml = rssXml(
    {
      title: `${siteName} 보도자료`,
      description: `${siteName}의 보도자료와 새 소식`,
      path: defaultSite ? sitePressPath(defaultSite) : '/',
      feedPath: RSS_PATH,
    },
    posts.map((post) => ({
      title: post.siteName ? `[${post.siteName}] ${post.title ?? ''}` : (post.title ?? ''),
      summary: post.summary,
      path: sitePressPostPath(post.site ?? '', post._id),
      date: post.date ?? post._updatedAt,
    })),
    publicConfig.siteUrl,
  )
  return new Response(xml, {headers: {'Content-Type': 'application/rss+xml; charset=utf-8'}})
}
