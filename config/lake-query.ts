import type {SanityQueries} from '@sanity/client'
import type {ContentLakeAddress} from '../../config/client-options.ts'
import {siteConfig} from './site-config.ts'

/**
 * What the live press reads need of a Content Lake client: one typed GROQ query.
 * `@sanity/client` satisfies it at build time; the browser uses `createLakeQuery`.
 */
export interface LakeReader {
  fetch<Query extends keyof SanityQueries>(query: Query, params?: Record<string, unknown>): Promise<SanityQueries[Query]>
}

const QUERY_TIMEOUT_MS = 10_000

/**
 * A GET of the Content Lake's HTTP query API, with the options `clientOptions` gives
 * `@sanity/client` (published documents, no CDN, no token). Only the press pages read
 * the lake from the browser, and `@sanity/client` with its dependencies is about 30 KB
 * of compressed JavaScript for a phone to evaluate before the page responds.
 */
export function createLakeQuery(address: ContentLakeAddress): LakeReader {
  const host = address.apiHost ?? `https://${address.projectId}.api.sanity.io`
  const endpoint = `${host}/v${address.apiVersion.replace(/^v/, '')}/data/query/${address.dataset}`
  return {
    async fetch(query, params = {}) {
      const search = new URLSearchParams({query, perspective: 'published', returnQuery: 'false'})
      for (const [name, value] of Object.entries(params)) search.set(`$${name}`, JSON.stringify(value))
      const response = await fetch(`${endpoint}?${search}`, {signal: AbortSignal.timeout(QUERY_TIMEOUT_MS)})
      if (!response.ok) throw new Error(`Content Lake query failed: HTTP ${response.status}`)
      return ((await response.json()) as {result: SanityQueries[typeof query]}).result
    },
  }
}

/** The site's reader in the browser: live press reads after the generated HTML. */
export const siteLake = /* @__PURE__ */ createLakeQuery(siteConfig)
