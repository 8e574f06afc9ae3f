import type {SanityQueries} from '@sanity/client'
import type {ContentLakeAddress} from '../config/client-options.ts'

/**
 * One typed GROQ query against the Content Lake: all that the browser's press reads and
 * the register function need. `@sanity/client` satisfies it too (the build's loaders).
 */
export interface LakeReader {
  fetch<Query extends keyof SanityQueries>(
    query: Query,
    params?: Record<string, unknown>,
  ): Promise<SanityQueries[Query]>
}

/**
 * A GET of the Content Lake's HTTP query API, with the options `clientOptions` gives
 * `@sanity/client` (published documents, no CDN, no token). `@sanity/client` with its
 * dependencies is about 30 KB of compressed JavaScript for a phone to evaluate before a
 * press page responds, and loading it (rxjs above all) costs a fifth of the CPU time of
 * every registration under netlify-cli, which starts each invocation in a new worker.
 */
export function createLakeQuery(address: ContentLakeAddress, timeoutMs = 10_000): LakeReader {
  return {
    async fetch(query, params = {}) {
      const response = await fetch(lakeQueryUrl(address, query, params), {
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new Error(`Content Lake query failed: HTTP ${response.status}`)
      return ((await response.json()) as {result: SanityQueries[typeof query]}).result
    },
  }
}

/** The GET address of one query: what `createLakeQuery` requests, and what the benchmark loads. */
export function lakeQueryUrl(
  address: ContentLakeAddress,
  query: string,
  params: Record<string, unknown> = {},
): string {
  const host = address.apiHost ?? `https://${address.projectId}.api.sanity.io`
  const search = new URLSearchParams({query, perspective: 'published', returnQuery: 'false'})
  for (const [name, value] of Object.entries(params)) search.set(`$${name}`, JSON.stringify(value))
  return `${host}/v${address.apiVersion.replace(/^v/, '')}/data/query/${address.dataset}?${search}`
}
