import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'

/** Where Debian's `postgresql` package puts each major version's programs. */
export const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql'

/** The newest installed server's programs (initdb, postgres), or null when there is none. */
export function postgresBinDir(): string | null {
  if (!existsSync(DEBIAN_POSTGRES_ROOT)) return null
  const versions = readdirSync(DEBIAN_POSTGRES_ROOT)
    .filter((version) => existsSync(join(DEBIAN_POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(DEBIAN_POSTGRES_ROOT, versions[0], 'bin') : null
}

export const hasPostgres = (): boolean => postgresBinDir() !== null
