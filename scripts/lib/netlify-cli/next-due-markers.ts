import {readdirSync, rmSync} from 'node:fs'
import {join, resolve} from 'node:path'

/** The functions' operations store (netlify/functions/_shared/operations-store.ts). */
const STORE = 'operations'

/**
 * The schedules' markers (netlify/functions/_shared/next-due.ts) describe one
 * database: the next due work in it. netlify-cli keeps its local Blobs under
 * `.netlify/blobs-serve`, across stacks and databases, so the stack forgets them when it
 * starts (its database may be another one) and so does a test that rewrites the database
 * behind the functions. A missing marker means "due now": the next runs read the database and
 * set it again.
 */
export function forgetNextDueMarkers(root = process.cwd()): void {
  // Keys are files under entries/<site>/<store>/ (and their metadata's under metadata/); a
  // site-wide store's folder is named `site:<name>`.
  for (const kind of ['entries', 'metadata']) {
    const folder = resolve(root, '.netlify/blobs-serve', kind)
    let sites: string[]
    try {
      sites = readdirSync(folder)
    } catch {
      continue
    }
    for (const site of sites)
      rmSync(join(folder, site, `site:${STORE}`, 'next-due'), {recursive: true, force: true})
  }
}
