import type {ClientConfig} from '@sanity/client'

/** Where the Content Lake is: what both the site's and the functions' configuration hold. */
export interface ContentLakeAddress {
  projectId: string
  dataset: string
  apiVersion: string
  /** Unset (or null) in production: the client then talks to Sanity's hosted API. */
  apiHost?: string | null
}

/**
 * The @sanity/client options of the site and the functions alike: published documents
 * only, no CDN (builds and live reads must see what was just published), and the local
 * lake's address when there is one. Never a token: only the functions add their write
 * token, on top of these. Takes only the address fields, whatever else `config` holds.
 */
export function clientOptions(config: ContentLakeAddress): ClientConfig {
  return {
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    useCdn: false,
    perspective: 'published',
    ...(config.apiHost ? {apiHost: config.apiHost, useProjectHostname: false} : {}),
  }
}
