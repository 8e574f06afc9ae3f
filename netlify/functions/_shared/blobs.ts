import {getStore, type Store} from '@netlify/blobs'

/**
 * Every store the functions use, opened with strong consistency: a lead or a session
 * written by one request must be visible to the next one at once.
 * Called inside handlers (never at module top level) because the Blobs environment is
 * only set per invocation.
 */
export type StoreName = 'leads' | 'lead-keys' | 'rate-limits' | 'sessions'

export function openStore(name: StoreName): Store {
  return getStore({name, consistency: 'strong'})
}
