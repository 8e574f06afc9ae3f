import {readdirSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {sql} from '#netlify/functions/_shared/database.ts'
import {MIGRATIONS_DIR} from '#scripts/lib/local-database.ts'
import {withTestDatabase} from './test-database.ts'

const migrations = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => name.slice(0, -'.sql'.length))
  .sort()

/** The server processes that answer ten statements sent at once on the functions' pool. */
async function sessionsOfABurst(): Promise<number> {
  const rows = await Promise.all(
    Array.from({length: 10}, () => sql()<{pid: number}>`SELECT pg_backend_pid() AS pid`),
  )
  return new Set(rows.map(([row]) => row?.pid)).size
}

describe('the real PostgreSQL test server', () => {
  withTestDatabase('postgres')

  it('is PostgreSQL, with every migration applied in order', async () => {
    const [server] = await sql()<{version: string}>`SELECT version()`
    expect(server?.version).toMatch(/^PostgreSQL \d+/)
    const applied = await sql()<{name: string}>`SELECT name FROM netlify.migrations ORDER BY name`
    expect(applied.map((row) => row.name)).toEqual(migrations)
  })

  it('runs a burst of statements in separate sessions, where they can race', async () => {
    expect(await sessionsOfABurst()).toBeGreaterThan(1)
  })
})

describe('the local Netlify Database', () => {
  withTestDatabase()

  it('has every migration applied too', async () => {
    const applied = await sql()<{name: string}>`SELECT name FROM netlify.migrations ORDER BY name`
    expect(applied.map((row) => row.name)).toEqual(migrations)
  })
})
