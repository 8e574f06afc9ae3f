import {absoluteUrl} from './urls.ts'

export const SITEMAP_PATH = '/sitemap.xml'
export const RSS_PATH = '/rss.xml'

/** robots.txt: everything may be crawled except the functions' API; names the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, SITEMAP_PATH)}`,
    '',
  ].join('\n')
}
