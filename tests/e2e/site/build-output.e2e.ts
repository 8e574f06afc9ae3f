import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {staticPagePaths} from '#src/lib/page-paths.ts'
import {BUILD_DIR, builtFiles, builtPages, readBuilt} from '../built-site.ts'

/**
 * Checks the generated site in build/client without a browser: every page in the sitemap
 * is a prerendered HTML file with its content and every head tag, the JSON-LD parses,
 * and the sitemap, robots.txt, RSS feed, 404 page and redirects are there. It reads the
 * build the browser tests' stack serves as the file starts: later builds may already
 * have dropped a post that an earlier test published and deleted again.
 */

interface SeedDocument {
  _id: string
  _type: string
  [field: string]: unknown
}

const seed: SeedDocument[] = readFileSync(
  path.resolve(import.meta.dirname, '../../../content/production.ndjson'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as SeedDocument)

function htmlFileFor(pathname: string): string {
  return pathname === '/'
    ? 'index.html'
    : path.join(...pathname.split('/').filter(Boolean).map(decodeURIComponent), 'index.html')
}

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1]
}

function meta(html: string, key: 'name' | 'property', value: string): string | undefined {
  return attribute(
    html,
    new RegExp(`<meta ${key}="${value.replace(/[:]/g, '\\:')}" content="([^"]*)"`),
  )
}

function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  )
}

function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

describe('the built site', () => {
  const sitemap = readBuilt('sitemap.xml')
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(unescapeHtml(match[1] ?? '')),
  )
  const siteOrigin = locations[0]?.origin ?? ''

  it('lists every fixed route and every press post in the sitemap', () => {
    const paths = locations.map((url) => url.pathname)
    expect(paths).toEqual(expect.arrayContaining(staticPagePaths()))
    for (const post of seed.filter((document) => document._type === 'press')) {
      expect(paths.some((pathname) => pathname.endsWith(`/press/${post._id}`))).toBe(true)
    }
    for (const site of seed.filter((document) => document._type === 'site')) {
      const slug = (site.slug as {current: string}).current
      expect(paths).toEqual(expect.arrayContaining([`/${slug}/press`, `/${slug}/customer`]))
    }
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/)
  })

  it('names the sitemap in robots.txt and links posts in the RSS feed, newest first', () => {
    expect(readBuilt('robots.txt')).toContain(`Sitemap: ${siteOrigin}/sitemap.xml`)
    const rss = readBuilt('rss.xml')
    const dates = [...rss.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) =>
      Date.parse(match[1] ?? ''),
    )
    // Tests before this one may have published posts and the stack rebuilt the site with them.
    for (const post of seed.filter((document) => document._type === 'press'))
      expect(rss).toContain(`/press/${post._id}</link>`)
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
  })

  it.each(locations.map((url) => [url.pathname, url.href]))(
    '%s is a complete prerendered page',
    (pathname, href) => {
      const html = readBuilt(htmlFileFor(pathname))
      expect(html).toMatch(/^<!DOCTYPE html><html lang="ko">/i)
      expect(attribute(html, /<title>([^<]+)<\/title>/)).toBeTruthy()
      expect(meta(html, 'name', 'description')).toBeTruthy()
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(href)
      expect(meta(html, 'name', 'robots')).toBe('index, follow')
      expect(meta(html, 'property', 'og:title')).toBeTruthy()
      expect(meta(html, 'property', 'og:description')).toBeTruthy()
      expect(meta(html, 'property', 'og:url')).toBe(href)
      expect(meta(html, 'property', 'og:locale')).toBe('ko_KR')
      expect(meta(html, 'property', 'og:type')).toMatch(/^(website|article)$/)
      expect(meta(html, 'property', 'og:image')).toMatch(/^https?:\/\//)
      expect(meta(html, 'property', 'og:image:width')).toBe('1200')
      expect(meta(html, 'property', 'og:image:height')).toBe('630')
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image')

      const types = jsonLdBlocks(html).map((block) => block['@type'])
      expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']))
      if (pathname !== '/') expect(types).toContain('BreadcrumbList')
      if (pathname === '/' || pathname === '/BusinessGuide/intro')
        expect(types).toContain('ApartmentComplex')

      expect(html).toMatch(/<main\b[^>]*>[\s\S]*<h1\b/)
      expect(mainText(html).length).toBeGreaterThan(20)
      expect(html).toContain('<header class="site-header"')
      expect(html).toContain('<footer class="site-footer"')
    },
  )

  it('shows each content page its banner title and intro from the content', () => {
    for (const page of seed.filter(
      (document) => document._type === 'page' && document.path !== '/privacy',
    )) {
      const html = readBuilt(htmlFileFor(page.path as string))
      const text = unescapeHtml(mainText(html))
      const title = (page.bannerTitle ?? page.title) as string
      expect(text, page.path as string).toContain(title)
      const firstIntroLine = ((page.intro as string | undefined) ?? '').split('\n')[0]?.trim()
      if (firstIntroLine) expect(text, page.path as string).toContain(firstIntroLine)
    }
  })

  it('answers unknown paths with a noindex Not Found page and sends old addresses on', () => {
    const notFound = readBuilt('404.html')
    expect(notFound).toMatch(/<h1>Not Found<\/h1>/)
    expect(meta(notFound, 'name', 'robots')).toBe('noindex, nofollow')
    expect(existsSync(path.join(BUILD_DIR, '404'))).toBe(false)
    const settings = seed.find((document) => document._id === 'siteSettings')
    const defaultSite = seed.find(
      (document) => document._id === (settings?.defaultSite as {_ref: string})._ref,
    )
    const slug = (defaultSite?.slug as {current: string}).current
    const redirects = readBuilt('_redirects')
    expect(redirects).toContain(`/Promotion/Press  /${slug}/press  301`)
    expect(redirects).toContain(`/Promotion/Customer  /${slug}/customer  301`)
  })

  it("serves subset Pretendard files under hashed names and preloads the headings' weight only", () => {
    const home = readBuilt('index.html')
    const preloads = [...home.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map(
      (match) => match[1],
    )
    expect(preloads).toEqual([
      expect.stringMatching(/^\/fonts\/pretendard-bold\.[0-9a-f]+\.woff2$/),
    ])
    const sheet = attribute(home, /<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/)
    const regular = attribute(
      readFileSync(path.join(BUILD_DIR, sheet ?? ''), 'utf8'),
      /url\((\/fonts\/pretendard-regular\.[0-9a-f]+\.woff2)\)/,
    )
    for (const file of [preloads[0], regular]) {
      const font = readFileSync(path.join(BUILD_DIR, file ?? ''))
      expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2')
      // A full weight is about 750 KB; the pages use a few hundred Hangul syllables.
      expect(font.length).toBeLessThan(250_000)
    }
  })

  it(
    "fetches the home page's hero first: in the content the one picture " +
      "at high priority, the open overview item's picture under it at low",
    () => {
      const home = readBuilt('index.html')
      // Attribute names are case-insensitive in HTML; the prerender writes React's `fetchPriority`.
      const imagesIn = (html: string) =>
        [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0].toLowerCase())
      const urgent = imagesIn(/<main\b[\s\S]*<\/main>/.exec(home)![0]).filter((image) =>
        image.includes('fetchpriority="high"'),
      )
      expect(urgent).toHaveLength(1)
      expect(urgent[0]).toContain('home-hero__image')
      const openItem = /<div class="accordion-item is-open[\s\S]*?<\/section>/.exec(
        /<section [^>]*aria-label="사업 안내"[\s\S]*?<\/section>/.exec(home)![0],
      )![0]
      expect(imagesIn(openItem)[0]).toContain('fetchpriority="low"')
    },
  )

  it('ships React, and no other renderer, in the scripts', () => {
    const scripts = builtFiles((file) => file.endsWith('.js'))
      .map(readBuilt)
      .join('\n')
    // React DOM's own markers on the nodes it hydrates.
    expect(scripts).toContain('__reactFiber$')
    expect(scripts).toContain('__reactContainer$')
    expect(scripts).not.toMatch(/preact/i)
  })

  it(
    "holds React Router's startup in a template on " +
      'every page, the page script in <head> to start it',
    () => {
      for (const page of builtPages()) {
        const html = readBuilt(page)
        const template = /<template id="react-router-startup">([\s\S]*?)<\/template><\/body>/.exec(
          html,
        )
        expect(template, page).not.toBeNull()
        expect(template![1], page).toMatch(
          /^(<link rel="modulepreload" href="\/assets\/[^"]+\.js"\/>)+<script>/,
        )
        expect(template![1], page).toContain('<script type="module" async="">')
        const outside = html.replace(template![0], '')
        expect(outside, page).not.toMatch(/<link rel="modulepreload"|<script type="module"/)
        expect(/<head>[\s\S]*<script>\(function\(\)\{[\s\S]*<\/head>/.test(outside), page).toBe(
          true,
        )
      }
    },
  )
})
