import {inject} from 'vitest'
import type {TestPage} from '../browser.ts'

/** What the press browser tests read from the running stack's Content Lake and site. */

const lakeUrl = inject('lakeUrl')
const baseUrl = inject('baseUrl')

export async function lakeQuery<T>(
  query: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const url = new URL(`${lakeUrl}/v2025-02-19/data/query/production`)
  url.searchParams.set('query', query)
  for (const [name, value] of Object.entries(params))
    url.searchParams.set(`$${name}`, JSON.stringify(value))
  const response = await fetch(url)
  if (!response.ok)
    throw new Error(`lake query failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as {result: T}).result
}

export interface ListedPost {
  _id: string
  title: string
}

/** The site the seed gives the most posts (more than one page) and its posts in list order. */
export async function busiestSite(): Promise<{slug: string; posts: ListedPost[]}> {
  const sites = await lakeQuery<Array<{slug: string; count: number}>>(
    '*[_type == "site"]{"slug": slug.current, "count": count(*[_type == ' +
      '"press" && site._ref == ^._id && defined(date)])} | order(count desc)',
  )
  const slug = sites[0]?.slug ?? ''
  return {slug, posts: await postsOf(slug)}
}

export function postsOf(slug: string): Promise<ListedPost[]> {
  return lakeQuery<ListedPost[]>(
    '*[_type == "press" && site->slug.current == $site && ' +
      'defined(date)] | order(date desc, _id desc){_id, title}',
    {site: slug},
  )
}

/** The posts' view counts as the site answers them (the database's, not the lake's). */
export async function viewCounts(ids: readonly string[]): Promise<Record<string, number>> {
  const response = await fetch(`${baseUrl}/api/press/views?ids=${ids.join(',')}`)
  if (!response.ok) throw new Error(`view counts failed: ${response.status}`)
  return ((await response.json()) as {views: Record<string, number>}).views
}

export async function waitForHydration(page: TestPage): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
}

/** The list's rows as shown: every cell's text, visible or not. */
export function tableRows(page: TestPage): Promise<string[][]> {
  return page
    .locator('.press-table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
    )
}

/** Clicks '더보기' until it is gone; the number of clicks. */
export async function loadEveryPage(page: TestPage): Promise<number> {
  const more = page.getByRole('button', {name: '더보기'})
  let clicks = 0
  while (await more.isVisible()) {
    const before = await page.locator('.press-table tbody tr').count()
    await more.click()
    clicks++
    await page.waitForFunction(
      (count) => document.querySelectorAll('.press-table tbody tr').length > count,
      before,
    )
    // The button stays until the next page has arrived; wait for it to settle.
    await page.waitForFunction(() => !document.querySelector('.press-more[aria-busy="true"]'))
  }
  return clicks
}

/**
 * Function answers take a while on a busy two-core machine (sign-in hashes the password on
 * purpose).
 */
export const SLOW = {timeout: 15_000, interval: 100}
