import {readConfig} from '#config/settings.ts'

/**
 * The configuration the site's code may know, in the browser as much as at build time.
 * Only public values: the Content Lake's address (project, dataset, API version, host)
 * and the site's own address. The build writes them into the bundle through Vite's
 * `define` (vite.config.ts); outside a Vite build (unit tests, scripts) they come from
 * the environment, read by the same `readConfig()`.
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

export function publicConfigFrom(env: Record<string, string | undefined>): PublicConfig {
  const config = readConfig(env)
  return {
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    apiHost: config.apiHost ?? null,
    siteUrl: config.siteUrl,
  }
}

export const publicConfig: PublicConfig =
  typeof __PUBLIC_SITE_CONFIG__ !== 'undefined'
    ? __PUBLIC_SITE_CONFIG__
    : publicConfigFrom(process.env)
