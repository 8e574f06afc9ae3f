import {beforeAll, beforeEach, inject} from 'vitest'
import {sql} from '../../netlify/functions/_shared/database.ts'

/** This worker's database (see database-setup.ts), as the platform hands it to the functions. */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls')
  const index = (Number(process.env.VITEST_POOL_ID) || 1) - 1
  const url = urls[index % urls.length]
  if (!url)
    throw new Error('no test database: is tests/helpers/database-setup.ts the global setup?')
  return url
}

/** Points the functions at the test database (not with vi.stubEnv: tests unstub theirs after each test). */
export function pointAtTestDatabase(): void {
  process.env.NETLIFY_DB_URL = testDatabaseUrl()
  process.env.NETLIFY_DB_DRIVER = 'server'
}

/** Empties every table of the test database. */
export async function emptyDatabase(): Promise<void> {
  await sql()`TRUNCATE leads, lead_deliveries, admin_sessions, admin_refresh_tokens, sign_in_guards, rate_limits, audit_log, press_views, webhook_deliveries RESTART IDENTITY CASCADE`
}

/**
 * For a test file that uses the database: sets the connection before its tests and
 * empties every table before each test.
 */
export function withTestDatabase(): void {
  beforeAll(pointAtTestDatabase)
  beforeEach(async () => {
    pointAtTestDatabase()
    await emptyDatabase()
  })
}
