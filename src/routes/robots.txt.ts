import {publicConfig} from '../lib/public-config.ts'
import {robotsTxt} from '#src/lib/seo/robots.ts'
import type {Route} from './+types/robots.txt'

/** /robots.txt, written at build time with the sitemap's absolute address. */
export function loader(_args: Route.LoaderArgs) {
  return new Response(robotsTxt(publicConfig.siteUrl), {
    headers: {'Content-Type': 'text/plain; charset=utf-8'},
  })
}
