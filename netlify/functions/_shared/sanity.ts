import {createClient, type SanityClient} from '@sanity/client'
import {clientOptions} from '#config/client-options.ts'
import {readConfig, type Env} from '#config/settings.ts'

/**
 * The functions' Content Lake client. It carries the write token, which only the
 * functions hold; in production the same code talks to Sanity's hosted API because
 * SANITY_API_HOST is unset there.
 */
export function serverClient(env: Env = process.env): SanityClient {
  const config = readConfig(env)
  return createClient({...clientOptions(config), token: config.writeToken})
}
