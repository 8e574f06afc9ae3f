import {createClient, type SanityClient} from '@sanity/client'
import {readConfig} from '../../../config/defaults.ts'

/**
 * The functions' Content Lake client. It carries the write token, which only the
 * functions hold; in production the same code talks to Sanity's hosted API because
 * SANITY_API_HOST is unset there.
 */
export function serverClient(env: Record<string, string | undefined> = process.env): SanityClient {
  const config = readConfig(env)
  return createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    useCdn: false,
    perspective: 'published',
    token: config.writeToken,
    ...(config.apiHost ? {apiHost: config.apiHost, useProjectHostname: false} : {}),
  })
}
