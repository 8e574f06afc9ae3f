import {siteClient} from '~/lib/sanity.ts'
import {siteConfig} from '~/lib/site-config.ts'
import {fetchSiteMapData, siteInventory} from '~/lib/seo/site-inventory.ts'
import {sitemapXml} from '~/lib/seo/sitemap.ts'

/** /sitemap.xml, written at build time from the content. */
export async function loader() {
  const entries = siteInventory(await fetchSiteMapData(siteClient))
  return new Response(sitemapXml(entries, siteConfig.siteUrl), {
    headers: {'Content-Type': 'application/xml; charset=utf-8'},
  })
}
