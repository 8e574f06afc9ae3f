import {siteConfig} from '#src/lib/site-config.ts'
import {robotsTxt} from '#src/lib/seo/robots.ts'

/** /robots.txt, written at build time with the sitemap's absolute address. */
export function loader() {
  return new Response(robotsTxt(siteConfig.siteUrl), {
    headers: {'Content-Type': 'text/plain; charset=utf-8'},
  })
}
