import {execFile} from 'node:child_process'
import {promisify} from 'node:util'

/**
 * The browser tests build the Studio once (global-setup.ts), while the stack starts, and each
 * Studio test serves that build against its own lake and site. The build inlines the lake's
 * and the site's addresses; it is made with these stand-ins, which `studioAddresses` maps to
 * the real ones as the files are served. Nothing else in a build has their port numbers.
 */
const LAKE_STAND_IN = 'http://127.0.0.1:65533'
const SITE_STAND_IN = 'http://127.0.0.1:65534'

/** The project and dataset every Studio test and the stack's lake serve. */
export const STUDIO_PROJECT = {projectId: 'lakeside', dataset: 'production'}

/** Builds the Studio of this repository into `dir`, as `npm run studio` builds it locally. */
export async function buildStudio(dir: string): Promise<void> {
  await promisify(execFile)('node_modules/.bin/sanity', ['build', dir, '-y'], {
    env: {
      ...process.env,
      SANITY_PROJECT_ID: STUDIO_PROJECT.projectId,
      SANITY_DATASET: STUDIO_PROJECT.dataset,
      SANITY_API_HOST: LAKE_STAND_IN,
      SITE_URL: SITE_STAND_IN,
    },
    timeout: 5 * 60_000,
  })
}

/** What the served build says instead of its stand-ins: this lake, and this site if given. */
export function studioAddresses(lakeUrl: string, siteUrl?: string): [string, string][] {
  return [
    [LAKE_STAND_IN, lakeUrl],
    ...(siteUrl ? [[SITE_STAND_IN, siteUrl] as [string, string]] : []),
  ]
}
