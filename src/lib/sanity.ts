import {createClient, type SanityClient} from '@sanity/client'
import {clientOptions} from '#config/client-options.ts'
import {publicConfig, type PublicConfig} from './public-config.ts'

/**
 * The site's read-only Content Lake client: published documents only, never a token,
 * no CDN (builds and live press reads must see what was just published). The same
 * client runs in the build's loaders and in the browser.
 */
export function createSiteClient(config: PublicConfig = publicConfig): SanityClient {
  return createClient(clientOptions(config))
}

// Pure: a bundle that never queries (every page but the live press reads) drops the client.
export const siteClient = /* @__PURE__ */ createSiteClient()
