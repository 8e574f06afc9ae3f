import {setting} from '#config/settings.ts'
import {getDatabase, type DatabaseConnection} from '@netlify/database'

/*
 * The Netlify Database of every function (and of the local lake's Studio sign-in).
 * NETLIFY_DB_URL and NETLIFY_DB_DRIVER are set by the platform, and locally by the stack.
 * `getDatabase()` opens a pool per call, so one connection is kept per connection string.
 *
 * Every unit of work is ONE statement (CTEs where it has several parts): a statement is
 * atomic on Postgres, and on the local server too, where every connection shares one
 * session and a multi-statement transaction on one connection would mix with the others'.
 */

export type Sql = DatabaseConnection['sql']

const CONNECT_TIMEOUT_MS = 5000
const QUERY_TIMEOUT_MS = 15_000

let current: {url: string; connection: DatabaseConnection} | null = null
let queryTimeoutMs = QUERY_TIMEOUT_MS

/**
 * Lets this process's statements run up to `ms`: a script's (the preview's scrub, in its
 * build, may take minutes over production's volume), never a function's, whose visitor waits.
 */
export function setQueryTimeout(ms: number): void {
  queryTimeoutMs = ms
  if (current?.connection.driver === 'server') current.connection.pool.options.query_timeout = ms
}

/**
 * The tagged template of the database: `await sql\`SELECT … ${value}\`` (values are parameters).
 */
export function sql(): Sql {
  const url = setting('NETLIFY_DB_URL') ?? ''
  if (current?.url !== url) {
    const connection = getDatabase()
    // `getDatabase()` takes no pool settings: they go on the pool it opened (decision 008).
    if (connection.driver === 'server') {
      // Idle connections must not keep a process alive once its answer is sent: `netlify dev`
      // runs each invocation in a worker that ends only when nothing holds it, and workers
      // kept ten seconds by idle connections pile up under load until the process fails.
      connection.pool.options.allowExitOnIdle = true
      // A server that takes a connection and never answers must cost a visitor a 503 and
      // the phone number in seconds, not a request that hangs until the platform cuts it.
      Object.assign(connection.pool.options, {
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: queryTimeoutMs,
      })
      // An idle connection the server drops (a restart) is replaced on the next query;
      // unhandled, the pool's error event would end the process.
      connection.pool.on('error', (error) =>
        console.error('database: idle connection lost', error.message),
      )
    }
    current = {url, connection}
  }
  return current.connection.sql
}

/** Closes the pool (scripts and tests that end their process). */
export async function closeDatabase(): Promise<void> {
  const closing = current
  current = null
  await closing?.connection.pool.end()
}

/** PostgreSQL's code for a transaction chosen to end a deadlock. */
export const DEADLOCK_DETECTED = '40P01'

/** The error's SQLSTATE, as `pg` raises it or as the driver wraps it (its `cause`). */
export function isSqlState(error: unknown, code: string): boolean {
  const failed = error as {code?: unknown; cause?: {code?: unknown}} | null
  return failed?.code === code || failed?.cause?.code === code
}

/** Postgres's "unique violation". */
export const UNIQUE_VIOLATION = '23505'
