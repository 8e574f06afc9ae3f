import {publicConfigFrom} from '#src/lib/public-config-from-env.ts'

/**
 * The configuration the site's code may know, in the browser as much as at build time.
 * Only public values: the Content Lake's address (project, dataset, API version, host)
 * and the site's own address. The build writes them into the bundle through Vite's
 * `define` (vite.config.ts); outside a Vite build (unit tests, scripts, the functions) they
 * come from the environment, read through config/settings.ts.
 */
export interface PublicConfig {
  projectId: string
  dataset: string
  apiVersion: string
  /** Null means Sanity's hosted API. */
  apiHost: string | null
  siteUrl: string
}

declare const __PUBLIC_SITE_CONFIG__: PublicConfig | undefined

export const publicConfig: PublicConfig =
  typeof __PUBLIC_SITE_CONFIG__ !== 'undefined'
    ? __PUBLIC_SITE_CONFIG__
    : publicConfigFrom(process.env)
