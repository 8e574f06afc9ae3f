import {fileURLToPath} from 'node:url'
import {startTestLake} from '#lake/test-lake.ts'
import {closeDatabase} from '#netlify/functions/_shared/database.ts'
import {startPostgresServer} from '#tests/helpers/postgres-server.ts'
import {openDatabase} from './local-database.ts'
import {pointAtSeedLake} from './visit-bench.ts'

export type BenchDatabase = 'local' | 'postgres'

/**
 * Runs a bench's part in this process on each database this machine has: a fresh local
 * database, then a real PostgreSQL server when one starts (`name` says in the log when none
 * does), with the seed in a lake. A race that is safe on the local server, which runs one
 * statement at a time, may not be on PostgreSQL.
 */
export async function onEachDatabase<T>(
  name: string,
  log: (line: string) => void,
  run: (database: BenchDatabase) => Promise<T>,
): Promise<T[]> {
  const lake = await startTestLake({
    contentDir: fileURLToPath(new URL('../../content', import.meta.url)),
  })
  pointAtSeedLake(lake.lake.url)
  process.env.NETLIFY_DB_DRIVER = 'server'
  const results: T[] = []
  try {
    const local = await openDatabase()
    try {
      process.env.NETLIFY_DB_URL = local.url
      results.push(await run('local'))
    } finally {
      await closeDatabase()
      await local.stop()
    }
    let postgres
    try {
      postgres = await startPostgresServer()
    } catch (error) {
      log(`${name}: no PostgreSQL here (${error instanceof Error ? error.message : error})`)
    }
    if (postgres) {
      try {
        process.env.NETLIFY_DB_URL = postgres.urls[0]
        results.push(await run('postgres'))
      } finally {
        await closeDatabase()
        await postgres.stop()
      }
    }
    return results
  } finally {
    await lake.stop()
  }
}
