import {readdirSync, rmSync} from 'node:fs'
import {join, resolve} from 'node:path'

/**
 * The schedules' markers (netlify/functions/_shared/operations/next-due.ts) describe one
 * database: the next due work in it. netlify-cli keeps its local Blobs under
 * `.netlify/blobs-serve`, across stacks and databases, so the stack forgets them when it
 * starts (its database may be another one) and so does a test that rewrites the database
 * behind the functions. A missing marker means "due now": the next runs read the database and
 * set it again.
 */
export function forgetNextDueMarkers(root = process.cwd()): void {
  const entries = resolve(root, '.netlify/blobs-serve/entries')
  let sites: string[]
  try {
    sites = readdirSync(entries)
  } catch {
    return
  }
  for (const site of sites)
    rmSync(join(entries, site, 'operations', 'next-due'), {recursive: true, force: true})
}
