import {afterAll, beforeAll, beforeEach, describe, inject} from 'vitest'
import {closeDatabase, sql} from '#netlify/functions/_shared/database.ts'

/**
 * The servers a database test can run on (see database-setup.ts): the local Netlify
 * Database, which the stack runs too, and a real PostgreSQL server, as Netlify Database
 * is in production. The local one runs one statement at a time, so what concurrent
 * statements do (claims, counters, locks, seats) is proven on both.
 */
export const DATABASE_SERVERS = ['local', 'postgres'] as const
export type DatabaseServer = (typeof DATABASE_SERVERS)[number]

const SERVER_NAMES: Record<DatabaseServer, string> = {
  local: 'local Netlify Database',
  postgres: 'PostgreSQL',
}

/** This worker's database on `server`, as the platform hands it to the functions. */
export function testDatabaseUrl(server: DatabaseServer = 'local'): string {
  const urls = inject(server === 'local' ? 'databaseUrls' : 'postgresUrls')
  const index = (Number(process.env.VITEST_POOL_ID) || 1) - 1
  const url = urls[index % urls.length]
  if (url) return url
  const problem = server === 'postgres' ? inject('postgresProblem') : ''
  throw new Error(
    problem
      ? `no PostgreSQL test server: ${problem}`
      : 'no test database: is tests/helpers/database-setup.ts the global setup?',
  )
}

/**
 * Points the functions at the test database (not with vi.stubEnv: tests unstub theirs
 * after each test).
 */
export function pointAtTestDatabase(server: DatabaseServer = 'local'): void {
  process.env.NETLIFY_DB_URL = testDatabaseUrl(server)
  process.env.NETLIFY_DB_DRIVER = 'server'
}

/**
 * Empties every table of the test database (the migrations' own, in `netlify`, stay). The
 * records' triggers refuse a TRUNCATE (migration 0030); the tests connect as a superuser,
 * who may turn triggers off for the statement, as the application's role may not.
 */
export async function emptyDatabase(): Promise<void> {
  await sql()`DO $$ BEGIN
    PERFORM set_config('session_replication_role', 'replica', true);
    EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('%I', tablename), ', ')
      || ' RESTART IDENTITY CASCADE' FROM pg_tables WHERE schemaname = 'public');
  END $$`
}

/** The size of the functions' pool (`getDatabase()` keeps pg's default). */
const POOL_SIZE = 10

/**
 * Opens every connection of the pool. A burst of statements on a pool without open
 * connections starts them one by one, as each connection is made, so that they seldom
 * overlap; on open ones they reach the server together, and a racy statement shows.
 */
export async function openPoolConnections(): Promise<void> {
  await Promise.all(Array.from({length: POOL_SIZE}, () => sql()`SELECT pg_sleep(0.02)`))
}

/**
 * For a test file (or `describe`) that uses the database: sets the connection before its
 * tests, empties every table before each test, and closes the connections after them.
 * On PostgreSQL, each test starts with the pool's connections open.
 */
export function withTestDatabase(server: DatabaseServer = 'local'): void {
  beforeAll(() => pointAtTestDatabase(server))
  beforeEach(async () => {
    pointAtTestDatabase(server)
    await emptyDatabase()
    if (server === 'postgres') await openPoolConnections()
  })
  afterAll(closeDatabase)
}

/**
 * A `describe` per server, each with `withTestDatabase(server)`: for tests of what
 * concurrent statements do, which only a real PostgreSQL server can disprove. It may sit
 * inside a `describe` that has `withTestDatabase()` already (to share its helpers): its
 * hooks run after the outer ones, so its tests run on its server.
 */
export function forEachDatabase(name: string, body: () => void): void {
  for (const server of DATABASE_SERVERS)
    describe(`${name} (${SERVER_NAMES[server]})`, () => {
      withTestDatabase(server)
      body()
    })
}
