import type {TestProject} from 'vitest/node'
import {openDatabase} from '../../scripts/lib/local-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One local database per test worker (`VITEST_POOL_ID` picks it), migrations applied. */
    databaseUrls: string[]
  }
}

/**
 * The unit and function tests' Netlify Database: the same local server as the stack's,
 * in memory, one per worker, so that the files a worker runs one after another can
 * empty the tables without touching another worker's.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1)
  const databases = await Promise.all(Array.from({length: workers}, () => openDatabase()))
  project.provide(
    'databaseUrls',
    databases.map((database) => database.url),
  )
  return async () => {
    await Promise.all(databases.map((database) => database.stop()))
  }
}
