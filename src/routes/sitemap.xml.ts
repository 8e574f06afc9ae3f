import {siteClient} from '#src/lib/sanity.ts'
import {siteConfig} from '#src/lib/site-config.ts'
import {fetchSiteMapData, siteInventory} from '#src/lib/seo/site-inventory.ts'
import {sitemapXml} from '#src/lib/seo/sitemap.ts'
import type {Route} from './+types/sitemap.xml'

/** /sitemap.xml, written at build time from the content. */
export async function loader(_args: Route.LoaderArgs) {
  const entries = siteInventory(await fetchSiteMapData(siteClient))
  return new Response(sitemapXml(entries, siteConfig.siteUrl), {
    headers: {'Content-Type': 'application/xml; charset=utf-8'},
  })
}
