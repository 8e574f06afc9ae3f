import type {TestProject} from 'vitest/node'
import {openDatabase} from '#scripts/lib/local-database.ts'
import {startPostgresServer} from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One local database per test worker (`VITEST_POOL_ID` picks it), migrations applied. */
    databaseUrls: string[]
    /** One database per test worker on a real PostgreSQL server, migrations applied. */
    postgresUrls: string[]
    /** Why there is no PostgreSQL server ('' when there is one). */
    postgresProblem: string
  }
}

/**
 * The unit and function tests' Netlify Database: the same local server as the stack's,
 * in memory, one per worker, so that the files a worker runs one after another can
 * empty the tables without touching another worker's. Beside it one real PostgreSQL
 * server with a database per worker, for the tests of what concurrent statements do
 * (`forEachDatabase()` in test-database.ts): the local server runs one statement at a
 * time. Without PostgreSQL installed, only the tests that ask for it fail, and say why.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1)
  const [databases, postgres] = await Promise.all([
    Promise.all(Array.from({length: workers}, () => openDatabase())),
    startPostgresServer({databases: workers}).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    ),
  ])
  project.provide(
    'databaseUrls',
    databases.map((database) => database.url),
  )
  project.provide('postgresUrls', typeof postgres === 'string' ? [] : postgres.urls)
  project.provide('postgresProblem', typeof postgres === 'string' ? postgres : '')
  return async () => {
    await Promise.all([
      ...databases.map((database) => database.stop()),
      typeof postgres === 'string' ? undefined : postgres.stop(),
    ])
  }
}
