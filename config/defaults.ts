/**
 * The embedded defaults of every setting the project reads from the environment.
 * One module so that the lake, the scripts, the build and the functions agree.
 * See .env.example for what each variable means and what production sets.
 */
export interface ProjectConfig {
  port: number
  lakePort: number
  dataDir: string
  projectId: string
  dataset: string
  apiVersion: string
  /** Unset in production: the client then talks to Sanity's hosted API. */
  apiHost: string | undefined
  siteUrl: string
  writeToken: string | undefined
  formForwardUrl: string | undefined
}

export const DEFAULT_PROJECT_ID = 'lakeside'
export const DEFAULT_DATASET = 'production'
export const DEFAULT_API_VERSION = '2025-02-19'
export const DEFAULT_PORT = 8888
export const DEFAULT_LAKE_PORT = 4010
export const DEFAULT_DATA_DIR = '.data'

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10)
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined
}

/**
 * The local lake unless the environment names a Sanity project: a real project id with
 * SANITY_API_HOST unset is production, on Sanity's hosted API. An explicit empty value also
 * means the hosted API; any other value is used as given.
 */
function readApiHost(
  env: Record<string, string | undefined>,
  lakePort: number,
): string | undefined {
  if (env.SANITY_API_HOST !== undefined) return nonEmpty(env.SANITY_API_HOST)
  return nonEmpty(env.SANITY_PROJECT_ID) ? undefined : `http://127.0.0.1:${lakePort}`
}

export function readConfig(env: Record<string, string | undefined> = process.env): ProjectConfig {
  const port = intFrom(env.PORT, DEFAULT_PORT)
  const lakePort = intFrom(env.LAKE_PORT, DEFAULT_LAKE_PORT)
  return {
    port,
    lakePort,
    dataDir: nonEmpty(env.DATA_DIR) ?? DEFAULT_DATA_DIR,
    projectId: nonEmpty(env.SANITY_PROJECT_ID) ?? DEFAULT_PROJECT_ID,
    dataset: nonEmpty(env.SANITY_DATASET) ?? DEFAULT_DATASET,
    apiVersion: nonEmpty(env.SANITY_API_VERSION) ?? DEFAULT_API_VERSION,
    apiHost: readApiHost(env, lakePort),
    siteUrl: (nonEmpty(env.SITE_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    writeToken: nonEmpty(env.SANITY_WRITE_TOKEN),
    formForwardUrl: nonEmpty(env.FORM_FORWARD_URL),
  }
}
