import {siteConfig} from '#src/lib/site-config.ts'
import {robotsTxt} from '#src/lib/seo/robots.ts'
import type {Route} from './+types/robots.txt'

/** /robots.txt, written at build time with the sitemap's absolute address. */
export function loader(_args: Route.LoaderArgs) {
  return new Response(robotsTxt(siteConfig.siteUrl), {
    headers: {'Content-Type': 'text/plain; charset=utf-8'},
  })
}
