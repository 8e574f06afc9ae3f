import {realpathSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {inject} from 'vitest'
import {EDITORIAL_CHANGES_FILTER} from '#scripts/lib/site-rebuilds.ts'

const clientDir = inject('clientDir')
const lakeUrl = inject('lakeUrl')

/**
 * When the served site read the lake. A rebuild is served from a folder named by the time
 * it started; the build the stack started with was written before any test published.
 */
function servedBuildReadAt(): number {
  const served = realpathSync(clientDir)
  const started = /[/\\](\d+)[/\\]client$/.exec(served)?.[1]
  return started ? Number(started) : statSync(join(served, 'index.html')).mtimeMs
}

/** The time of the newest published change, as the lake's anonymous readers (the rebuilds) see it. */
async function lastPublishedAt(): Promise<number> {
  const url = new URL(`${lakeUrl}/v2025-02-19/data/query/production`)
  url.searchParams.set(
    'query',
    `*[${EDITORIAL_CHANGES_FILTER}] | order(_updatedAt desc)[0]._updatedAt`,
  )
  const answer = (await (await fetch(url)).json()) as {result: string}
  return Date.parse(answer.result)
}

/**
 * Waits until the served site was built after every published change. A file that publishes
 * waits for its rebuild before it ends, so that the next file does not share the two cores
 * with a site build it did not start.
 */
export async function untilSiteRebuilt(): Promise<void> {
  const published = await lastPublishedAt()
  const deadline = Date.now() + 180_000
  while (servedBuildReadAt() <= published) {
    if (Date.now() > deadline) throw new Error('the site was not rebuilt after the last publish')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
