import {readConfig, type SettingName} from '../config/settings.ts'

/** The env variables the Studio bundle reads; sanity.cli.ts inlines them at build time. */
export const STUDIO_ENV_KEYS = [
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SANITY_API_HOST',
  'LAKE_PORT',
  'SITE_URL',
  'PORT',
] as const satisfies readonly SettingName[]

export type StudioEnvInput = Partial<Record<(typeof STUDIO_ENV_KEYS)[number], string>>

export interface StudioEnv {
  projectId: string
  dataset: string
  /** Set only when the Studio talks to a Content Lake other than Sanity's hosted API. */
  apiHost: string | undefined
  /** The site the Presentation tool shows (SITE_URL, else the local site on PORT). */
  siteUrl: string
}

/**
 * The Studio's clients always put the project id in front of the API host
 * (`http://<projectId>.<host>`). Browsers resolve every `*.localhost` name to the loopback
 * address, so a local lake given as 127.0.0.1 is reached through `localhost` instead.
 */
export function studioApiHost(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  const url = new URL(value)
  if (url.hostname === '127.0.0.1') url.hostname = 'localhost'
  return url.origin
}

/** The same project, dataset and lake as the site (see config/settings.ts). */
export function readStudioEnv(env: StudioEnvInput): StudioEnv {
  const config = readConfig(env)
  return {
    projectId: config.projectId,
    dataset: config.dataset,
    apiHost: studioApiHost(config.apiHost),
    siteUrl: config.siteUrl,
  }
}
