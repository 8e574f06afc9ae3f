import type {ContentLakeAddress} from '#config/client-options.ts'
import {lakeQueryUrl} from '#shared/lake-query.ts'
import {type Check, failed, passed} from './report.ts'

/*
 * The smoke test's functions and content: each answers as a visitor's page would call it,
 * and nothing it sends is stored (the registration is refused before anything is kept).
 */

/** The sites and press posts the sitemap's paths name (`/<site>/press/<post>`). */
export function sitesAndPosts(paths: readonly string[]): {sites: string[]; posts: string[]} {
  const sites = new Set<string>()
  const posts: string[] = []
  for (const path of paths) {
    const match = /^\/([^/]+)\/press(?:\/([^/?]+))?$/.exec(path)
    if (!match) continue
    sites.add(match[1]!)
    if (match[2]) posts.push(decodeURIComponent(match[2]))
  }
  return {sites: [...sites], posts}
}

async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await res.json()) as Record<string, unknown>
  } catch {
    return null
  }
}

/** The visit times of a site, as its booking form loads them. */
export async function checkSlots(base: string, site: string | undefined): Promise<Check> {
  const target = '/api/visits/slots'
  if (!site) return failed('function', target, 'the sitemap names no site')
  const res = await fetch(`${base}${target}?site=${encodeURIComponent(site)}&days=7`)
  const body = await jsonOf(res)
  return res.status === 200 && body?.ok === true
    ? passed('function', target, `200 for ${site}`)
    : failed('function', target, `answered ${res.status} for ${site}`)
}

/** The view counts the press list shows beside its posts (a read of the database). */
export async function checkPressViews(base: string, posts: readonly string[]): Promise<Check> {
  const target = '/api/press/views'
  if (posts.length === 0) return failed('function', target, 'the sitemap names no press post')
  const ids = posts.slice(0, 10)
  const res = await fetch(`${base}${target}?ids=${ids.map(encodeURIComponent).join(',')}`)
  const views = (await jsonOf(res))?.views as Record<string, unknown> | undefined
  const counted = ids.every((id) => typeof views?.[id] === 'number')
  return res.status === 200 && counted
    ? passed('function', target, `200, ${ids.length} posts counted`)
    : failed('function', target, `answered ${res.status} without every post's count`)
}

/**
 * A registration without a name, phone or consent: refused with a 4xx and the fields at
 * fault, before anything is stored.
 */
export async function checkRefusedRegistration(base: string): Promise<Check> {
  const target = '/api/register'
  const res = await fetch(`${base}${target}`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: '{}',
  })
  const body = await jsonOf(res)
  const refused = res.status >= 400 && res.status < 500 && body?.ok === false && body.fields
  return refused
    ? passed('function', target, `refused with ${res.status}`)
    : failed('function', target, `answered ${res.status}, not a refusal naming its fields`)
}

/** The Content Lake's query API, as the site's pages and functions read it. */
export async function checkContent(address: ContentLakeAddress): Promise<Check> {
  const url = lakeQueryUrl(address, 'count(*)')
  const target = new URL(url).origin
  const res = await fetch(url)
  const result = (await jsonOf(res))?.result
  return res.status === 200 && typeof result === 'number' && result > 0
    ? passed('content', target, `${result} documents`)
    : failed('content', target, `answered ${res.status} without documents`)
}
