import type {Header} from '@netlify/headers-parser'
import {headersFor} from '../header-rules.ts'
import {type Check, failed, passed} from './report.ts'

/*
 * The smoke test's pages: every page the sitemap names answers 200 with the headers
 * netlify.toml promises for its path, and with its own policies from the build's _headers.
 */

/** Each page's own, from the build's _headers: present on every page, whatever their value. */
const PAGE_HEADERS = ['content-security-policy', 'permissions-policy']
/** Pages fetched at once: a deploy's CDN takes more, a local stack on two cores not much. */
const AT_ONCE = 4

/** The paths of the sitemap's `<loc>` addresses, whatever host they name. */
export async function sitemapPaths(base: string): Promise<string[]> {
  const res = await fetch(`${base}/sitemap.xml`)
  if (res.status !== 200) throw new Error(`answered ${res.status}`)
  const xml = await res.text()
  const paths = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map(([, loc]) => {
    const url = new URL(loc!)
    return `${url.pathname}${url.search}`
  })
  if (paths.length === 0) throw new Error('names no page')
  return paths
}

/** What is wrong with an answer's headers: each promised one missing or different. */
function headerProblems(res: Response, promised: Map<string, string>): string[] {
  const problems: string[] = []
  for (const [name, value] of promised) {
    const served = res.headers.get(name)
    if (served !== value) problems.push(`${name} is ${served === null ? 'missing' : `"${served}"`}`)
  }
  return problems
}

async function checkPage(base: string, path: string, rules: readonly Header[]): Promise<Check> {
  const res = await fetch(`${base}${path}`, {redirect: 'manual'})
  await res.body?.cancel()
  const problems = res.status === 200 ? [] : [`answered ${res.status}`]
  problems.push(...headerProblems(res, headersFor(path, rules)))
  for (const name of PAGE_HEADERS) if (!res.headers.get(name)) problems.push(`${name} is missing`)
  return problems.length === 0
    ? passed('page', path, '200')
    : failed('page', path, problems.join('; '))
}

/** Every page of `paths`, a few at a time, in their order. */
export async function checkPages(
  base: string,
  paths: readonly string[],
  rules: readonly Header[],
): Promise<Check[]> {
  const checks: Check[] = new Array(paths.length)
  let next = 0
  const lane = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      const path = paths[index]!
      checks[index] = await checkPage(base, path, rules).catch((error: unknown) =>
        failed('page', path, (error as Error).message),
      )
    }
  }
  await Promise.all(Array.from({length: AT_ONCE}, lane))
  return checks
}

/** A hashed script or stylesheet of the home page, with the headers promised for assets. */
export async function checkAsset(base: string, rules: readonly Header[]): Promise<Check> {
  const home = await (await fetch(`${base}/`)).text()
  const path = /\s(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(home)?.[1]
  if (!path) return failed('asset', '/assets/*', 'the home page names no hashed asset')
  const res = await fetch(`${base}${path}`)
  await res.body?.cancel()
  const problems = res.status === 200 ? [] : [`answered ${res.status}`]
  problems.push(...headerProblems(res, headersFor(path, rules)))
  return problems.length === 0
    ? passed('asset', path, '200')
    : failed('asset', path, problems.join('; '))
}
