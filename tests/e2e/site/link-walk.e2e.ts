import {describe, expect, inject, it} from 'vitest'
import {readBuilt} from '../built-site.ts'
import {openPage, type ViewportName} from '../browser.ts'

/*
 * Every page of the sitemap, as a visitor's browser shows it after hydration: each internal
 * link (content links and buttons that lead somewhere are anchors) must reach a page, must not
 * lead to the page it sits on, and a call to see a page ("커뮤니티 보기") whose words name a
 * menu entry must lead to that entry's page.
 *
 * Every page is walked on desktop. A page holds the same links at every width (the phone
 * menu and the fixed bar are in every page, hidden on desktop, and the walk reads hidden
 * links too), except where a component renders by the viewport: only the home page's
 * overview does (MobileOverview), so only the home page is walked on a phone as well.
 */

const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')

/** The site's pages, as the sitemap lists them (paths). */
function sitemapPaths(): string[] {
  const sitemap = readBuilt('sitemap.xml')
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!.replaceAll('&amp;', '&')).pathname,
  )
}

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

interface FoundLink {
  href: string
  text: string
  current: string | null
  registration: boolean
  logo: boolean
}

/**
 * The page a call to see one names: "커뮤니티 보기 (최고급 커뮤니티)" names 커뮤니티. Other
 * links are not read: a type chip "84A" is a floor plan in one list, an interior in another.
 */
function named(text: string): string | null {
  const words = text
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
  return words.endsWith(' 보기') ? words.slice(0, -' 보기'.length) : null
}

/** The menu's entries by their words, only those whose words name one page. */
async function menuEntries(): Promise<Map<string, string>> {
  const query = '*[_id == "navigation"][0].menu[].subMenu[]{subTitle, subUrl}'
  const answer = await fetch(
    `${lakeUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent(query)}`,
  )
  const items = ((await answer.json()) as {result: {subTitle: string; subUrl: string}[]}).result
  const byTitle = new Map<string, Set<string>>()
  for (const item of items) {
    byTitle.set(item.subTitle, (byTitle.get(item.subTitle) ?? new Set()).add(item.subUrl))
  }
  return new Map(
    [...byTitle].flatMap(([title, urls]) => (urls.size === 1 ? [[title, [...urls][0]!]] : [])),
  )
}

/** Whether an address answers with a page (following redirects), asked once per address. */
const answers = new Map<string, Promise<{status: number; html: string}>>()
function answer(path: string) {
  let known = answers.get(path)
  if (!known) {
    known = fetch(`${baseUrl}${path}`, {redirect: 'follow'}).then(async (response) => ({
      status: response.status,
      html: await response.text(),
    }))
    answers.set(path, known)
  }
  return known
}

/** The pages of one site (`/{slug}/…`), or the pages every site shares (null). */
function pagesOf(paths: string[], site: string | null, sites: string[]): string[] {
  const siteOf = (path: string) => sites.find((slug) => path.startsWith(`/${slug}/`)) ?? null
  return paths.filter((path) => siteOf(path) === site)
}

const UNFETCHED = new Set(['image', 'media', 'font'])

async function walk(viewport: ViewportName, paths: string[], menu: Map<string, string>) {
  const problems: string[] = []
  let checked = 0
  // One tab goes from page to page, as a visitor's does. Links and ids do not depend on
  // pictures, films or fonts, which the walk does not fetch (scripts start without the main
  // picture then: start-scripts.ts).
  const page = await openPage(viewport)
  await page.route('**/*', (route) =>
    UNFETCHED.has(route.request().resourceType()) ? route.abort() : route.fallback(),
  )
  for (const path of paths) {
    const response = await page.goto(`${baseUrl}${path}`, {waitUntil: 'domcontentloaded'})
    if (!response || response.status() >= 400)
      problems.push(`${path}: answers ${response?.status()}`)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    const here = withoutSlash(new URL(page.url()).pathname)
    const links: FoundLink[] = await page.locator('a[href]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        href: anchor.getAttribute('href') ?? '',
        text: anchor.textContent ?? '',
        current: anchor.getAttribute('aria-current'),
        registration: anchor.hasAttribute('data-registration'),
        logo: anchor.classList.contains('logo'),
      })),
    )
    const ids = new Set(
      await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id)),
    )
    for (const link of links) {
      const url = new URL(link.href, `${baseUrl}${here}`)
      if (url.origin !== baseUrl) continue
      checked += 1
      const target = withoutSlash(url.pathname)
      const fragment = decodeURIComponent(url.hash.slice(1))
      const where = `${path} (${viewport}): "${link.text.trim()}" → ${link.href}`
      if (target === here) {
        if (fragment) {
          if (!ids.has(fragment)) problems.push(`${where}: no element #${fragment} here`)
        } else if (link.current !== 'page' && !link.registration && !link.logo) {
          // Only a menu's marker of the page shown may name it, and says so (aria-current);
          // a registration link opens the popup; the logo is the way home from anywhere.
          problems.push(`${where}: leads to the page it is on`)
        }
        continue
      }
      const {status, html} = await answer(`${target}${url.search}`)
      if (status >= 400) problems.push(`${where}: answers ${status}`)
      else if (fragment && !html.includes(`id="${fragment}"`))
        problems.push(`${where}: that page has no element #${fragment}`)
      const words = named(link.text)
      const entry = words === null ? undefined : menu.get(words)
      if (entry && withoutSlash(entry) !== target)
        problems.push(`${where}: its words name the menu's ${entry}`)
    }
  }
  await page.context().close()
  return {problems, checked}
}

const PATHS = sitemapPaths()
/** The sites, by their customer pages. */
const SITES = PATHS.flatMap((path) => /^\/([^/]+)\/customer$/.exec(path)?.[1] ?? [])

/** The pages whose links depend on the width: those rendering a component by the viewport. */
const RENDERED_BY_WIDTH = ['/']

describe('every link on desktop', () => {
  it('knows the sitemap of both sites', () => {
    expect(SITES).toHaveLength(2)
    for (const site of SITES) expect(PATHS).toContain(`/${site}/press`)
    expect(pagesOf(PATHS, null, SITES).length).toBeGreaterThan(20)
    for (const path of RENDERED_BY_WIDTH) expect(PATHS).toContain(path)
  })

  const groups = [
    {name: 'the shared pages', site: null},
    ...SITES.map((site) => ({name: `the ${site} site`, site})),
  ]
  it.each(groups)(
    'leads from every page of $name to a real, other page named as its words say',
    async ({site}) => {
      const menu = await menuEntries()
      expect(menu.get('커뮤니티')).toBe('/ComplexGuide/community')
      const {problems, checked} = await walk('desktop', pagesOf(PATHS, site, SITES), menu)
      expect(checked).toBeGreaterThan(50)
      expect(problems).toEqual([])
    },
    600_000,
  )
})

describe('every link on a phone', () => {
  it('leads from the pages rendered by width to a real, other page', async () => {
    const {problems, checked} = await walk('narrow', RENDERED_BY_WIDTH, await menuEntries())
    expect(checked).toBeGreaterThan(50)
    expect(problems).toEqual([])
  })
})
