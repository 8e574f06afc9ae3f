import {siteClient} from '#src/lib/sanity.ts'
import {publicConfig} from '../lib/public-config.ts'
import {fetchSiteMapData, siteInventory} from '#src/lib/seo/site-inventory.ts'
import {sitemapXml} from '#src/lib/seo/sitemap.ts'
import type {Route} from './+types/sitemap.xml'

/** /sitemap.xml, written at build time from the content. */
export async function loader(_args: Route.LoaderArgs) {
  const entries = siteInventory(await fetchSiteMapData(siteClient))
  return new Response(sitemapXml(entries, publicConfig.siteUrl), {
    headers: {'Content-Type': 'application/xml; charset=utf-8'},
  })
}
