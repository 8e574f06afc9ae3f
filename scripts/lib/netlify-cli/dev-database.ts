import {lstatSync, mkdirSync, renameSync, writeFileSync} from 'node:fs'
import {resolve} from 'node:path'

/** What `netlify dev` prints when the placeholder below kept it from starting a database. */
export const OWN_DATABASE_REFUSED = /Failed to start Netlify Database locally/

/**
 * `netlify dev` starts a database of its own in `.netlify/db` and hands the functions
 * that one, over the stack's (whose data lives in DATA_DIR and which the lake shares). It
 * cannot be told not to; a file where it would make its folder makes it give up with a
 * warning, and the functions keep the stack's NETLIFY_DB_URL.
 */
export function keepNetlifyDevOffTheDatabase(): void {
  const path = resolve('.netlify/db')
  mkdirSync(resolve('.netlify'), {recursive: true})
  const current = lstatOrNull(path)
  if (current?.isFile()) return
  // A database netlify dev made before this stack ran it: kept aside, never deleted.
  if (current) renameSync(path, `${path}.old-${Date.now()}`)
  writeFileSync(
    path,
    'The stack runs the local Netlify Database (DATA_DIR/db); see scripts/lib/netlify-cli/.\n',
  )
}

export function lstatOrNull(path: string) {
  try {
    return lstatSync(path)
  } catch {
    return null
  }
}
