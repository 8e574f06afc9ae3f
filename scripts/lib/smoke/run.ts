import type {ContentLakeAddress} from '#config/client-options.ts'
import {
  checkContent,
  checkPressViews,
  checkRefusedRegistration,
  checkSlots,
  sitesAndPosts,
} from './endpoints.ts'
import {checkHealth, type HealthAuth} from './health.ts'
import {configHeaderRules} from '../header-rules.ts'
import {checkAsset, checkPages, sitemapPaths} from './pages.ts'
import {type Check, failed} from './report.ts'

export interface SmokeOptions {
  /** The deploy's address, without a trailing slash. */
  base: string
  /** The Content Lake the deploy reads. */
  content: ContentLakeAddress
  health: HealthAuth
  /** The netlify.toml whose header rules the pages must carry. */
  netlifyConfigPath: string
}

/** A check that throws (the site unreachable, an answer cut short) is a failure, named. */
const guarded = (step: string, target: string, check: () => Promise<Check | Check[]>) =>
  check().catch((error: unknown) => failed(step, target, (error as Error).message))

/** Every check of a deploy, in the table's order: pages, functions, health, content. */
export async function runSmoke(options: SmokeOptions): Promise<Check[]> {
  const {base} = options
  let paths: string[] = []
  const checks: Check[] = []
  try {
    paths = await sitemapPaths(base)
  } catch (error) {
    checks.push(failed('sitemap', '/sitemap.xml', (error as Error).message))
  }
  const rules = await configHeaderRules(options.netlifyConfigPath)
  const {sites, posts} = sitesAndPosts(paths)
  const results = [
    guarded('page', 'pages', () => checkPages(base, paths, rules)),
    guarded('asset', '/assets/*', () => checkAsset(base, rules)),
    guarded('function', '/api/visits/slots', () => checkSlots(base, sites[0])),
    guarded('function', '/api/press/views', () => checkPressViews(base, posts)),
    guarded('function', '/api/register', () => checkRefusedRegistration(base)),
    guarded('health', '/api/admin/health', () => checkHealth(base, options.health)),
    guarded('content', 'query', () => checkContent(options.content)),
  ]
  for (const result of results) checks.push(...[await result].flat())
  return checks
}
