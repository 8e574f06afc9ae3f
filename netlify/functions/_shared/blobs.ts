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

/**
 * Every key under `prefix`, sorted. The local Blobs server writes a blob as a hidden
 * temporary file beside it and renames it, and a listing made meanwhile names that
 * temporary file too: no key of ours has a segment starting with a dot, so those are
 * left out (reading one would give half a blob, counting one a phantom).
 */
export async function listKeys(name: StoreName, prefix: string): Promise<string[]> {
  const keys: string[] = []
  for await (const page of openStore(name).list({prefix, paginate: true})) {
    for (const blob of page.blobs) if (!blob.key.split('/').some((segment) => segment.startsWith('.'))) keys.push(blob.key)
  }
  return keys.sort()
}
