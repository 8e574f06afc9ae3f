import {describe, expect, it} from 'vitest'
import {robotsTxt} from './robots.ts'
import {rssXml} from './rss.ts'
import {sitemapXml} from './sitemap.ts'

const SITE = 'https://lakepark.example'

describe('sitemapXml', () => {
  const xml = sitemapXml(
    [
      {path: '/', lastmod: '2025-03-01T09:00:00Z'},
      {path: '/Brand/intro', lastmod: null},
      {path: '/ulsan-lakepark/press/press-1?x=<&>', lastmod: '2025-03-02T00:00:00.000Z'},
      {path: '/', lastmod: '2025-01-01T00:00:00Z'},
    ],
    SITE,
  )

  it('lists each page once with its absolute address and last change', () => {
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml.match(/<url>/g)).toHaveLength(3)
    expect(xml).toContain(
      `<url><loc>${SITE}/</loc><lastmod>2025-03-01T09:00:00.000Z</lastmod></url>`,
    )
    expect(xml).toContain(`<url><loc>${SITE}/Brand/intro</loc></url>`)
  })

  it('escapes XML special characters', () => {
    expect(xml).toContain('press-1?x=&lt;&amp;&gt;')
  })
})

describe('robotsTxt', () => {
  it('allows crawling, keeps the API out and names the sitemap', () => {
    const text = robotsTxt(SITE)
    expect(text).toContain('User-agent: *')
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})

describe('rssXml', () => {
  const xml = rssXml(
    {
      title: '보도자료',
      description: '새 소식',
      path: '/ulsan-lakepark/press',
      feedPath: '/rss.xml',
    },
    [
      {title: '옛 소식', path: '/ulsan-lakepark/press/a', date: '2025-01-01T00:00:00Z'},
      {
        title: '새 소식 & "공지"',
        summary: '요약',
        path: '/yangsan-riverpark/press/b',
        date: '2025-02-01T00:00:00Z',
      },
    ],
    SITE,
  )

  it('puts the newest post first with absolute links', () => {
    const titles = [...xml.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((match) => match[1])
    expect(titles).toEqual(['새 소식 &amp; &quot;공지&quot;', '옛 소식'])
    expect(xml).toContain(`<link>${SITE}/yangsan-riverpark/press/b</link>`)
    expect(xml).toContain('<pubDate>Sat, 01 Feb 2025 00:00:00 GMT</pubDate>')
    expect(xml).toContain(
      `<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`,
    )
  })
})
