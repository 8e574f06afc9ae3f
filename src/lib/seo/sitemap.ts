import {absoluteUrl} from './urls.ts'
import {escapeXml} from './xml.ts'

export interface SitemapEntry {
  path: string
  /** ISO date-time of the content's last change. */
  lastmod?: string | null
}

/** sitemap.xml (sitemaps.org 0.9) listing `entries` once each, in the given order. */
export function sitemapXml(entries: SitemapEntry[], siteUrl: string): string {
  const seen = new Set<string>()
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map((entry) => {
      const lastmod = entry.lastmod
        ? `<lastmod>${escapeXml(new Date(entry.lastmod).toISOString())}</lastmod>`
        : ''
      return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>${lastmod}</url>`
    })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
