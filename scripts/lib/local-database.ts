import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import type {Server} from 'node:net'
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {NetlifyDB} from '@netlify/database-dev'
import pg from 'pg'
import {alive, type Service, startService} from './processes.ts'

/*
 * Netlify Database on this machine: `@netlify/database-dev`, the PGlite server that
 * `netlify dev` runs, with its data in DATA_DIR/db. One process serves a DATA_DIR at a
 * time (two PGlite instances on one folder would corrupt it): the database service
 * records itself in DATA_DIR/database.json, and everything else (the stack, the Studio,
 * `npm run db`) connects to the one running, or starts it.
 */

export const MIGRATIONS_DIR = fileURLToPath(
  new URL('../../netlify/database/migrations', import.meta.url),
)
const SERVER_SCRIPT = fileURLToPath(new URL('../database-server.ts', import.meta.url))
const READY = 'database ready '

export const databaseDir = (dataDir: string): string => join(resolve(dataDir), 'db')
const stateFile = (dataDir: string): string => join(resolve(dataDir), 'database.json')

/** The local server's connection string names no user, and `pg` refuses one without. */
export function withUser(url: string): string {
  const parsed = new URL(url)
  if (!parsed.username) parsed.username = 'postgres'
  return parsed.href
}

export interface OpenDatabase {
  url: string
  /** The migrations this start applied (none when the data was up to date). */
  applied: string[]
  stop(): Promise<void>
}

/**
 * Starts a database server in this process (in memory without a directory), applies the
 * migrations and gathers the planner's statistics (PGlite runs no autovacuum, which on
 * Netlify keeps them current: without them a query over many leads can miss its index).
 */
export async function openDatabase({
  directory,
  log = () => {},
}: {directory?: string; log?: (line: string) => void} = {}): Promise<OpenDatabase> {
  const db = new NetlifyDB({directory, logger: (...message) => log(message.map(String).join(' '))})
  const url = withUser(await db.start())
  // The server answers each message of a parameterised query with a small write of its
  // own; with Nagle's algorithm on, each waits for the client's delayed ACK, and every
  // statement takes 45 ms more (48 against 4.7 ms for `SELECT $1`). The server
  // is the package's own and not exposed; its connections are set here (decision 008).
  ;(db as unknown as {server?: Server}).server?.on('connection', (socket) =>
    socket.setNoDelay(true),
  )
  try {
    const applied = await db.applyMigrations(MIGRATIONS_DIR)
    await db.exec('ANALYZE')
    return {url, applied, stop: () => db.stop()}
  } catch (error) {
    await db.stop()
    throw error
  }
}

interface ServiceState {
  pid: number
  url: string
}

function readState(dataDir: string): ServiceState | null {
  try {
    return JSON.parse(readFileSync(stateFile(dataDir), 'utf8')) as ServiceState
  } catch {
    return null
  }
}

/** Whether the server at `url` answers a query. */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({connectionString: url, connectionTimeoutMillis: 2000})
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** The connection string of the database service running for `dataDir`, or null. */
export async function runningDatabase(dataDir: string): Promise<string | null> {
  const state = readState(dataDir)
  if (!state || !alive(state.pid)) return null
  return (await answers(state.url)) ? state.url : null
}

/**
 * Claims `dataDir` for this process (the service, or `npm run db` opening the data
 * itself). Throws when another live process holds it; a claim left by a dead one is taken over.
 */
export function claimDataDir(dataDir: string, url: string): () => void {
  const file = stateFile(dataDir)
  mkdirSync(resolve(dataDir), {recursive: true})
  const state = JSON.stringify({pid: process.pid, url} satisfies ServiceState)
  try {
    writeFileSync(file, state, {flag: 'wx'})
  } catch {
    const holder = readState(dataDir)
    if (holder && holder.pid !== process.pid && alive(holder.pid))
      throw new Error(
        `the database in ${databaseDir(dataDir)} is already open (process ${holder.pid})`,
      )
    writeFileSync(file, state)
  }
  return () => {
    if (readState(dataDir)?.pid === process.pid) rmSync(file, {force: true})
  }
}

/** Whether another live process has the data of `dataDir` open. */
export function dataDirInUse(dataDir: string): boolean {
  const holder = readState(dataDir)
  return holder !== null && holder.pid !== process.pid && alive(holder.pid)
}

export interface DatabaseService {
  url: string
  /** The process this call started, or null when it connected to one already running. */
  service: Service | null
}

/**
 * The database of `dataDir` as a service in its own process (scripts/database-server.ts),
 * so that it outlives nothing it should not and stops with the stack; an already running
 * one is used as it is.
 */
export async function startDatabaseService(
  dataDir: string,
  {env = process.env, onLine}: {env?: NodeJS.ProcessEnv; onLine?: (line: string) => void} = {},
): Promise<DatabaseService> {
  const running = await runningDatabase(dataDir)
  if (running) return {url: running, service: null}
  let ready: (url: string) => void = () => {}
  const url = new Promise<string>((resolveUrl) => (ready = resolveUrl))
  const service = startService('Netlify Database', 'node_modules/.bin/tsx', [SERVER_SCRIPT], {
    env: {...env, DATA_DIR: resolve(dataDir)},
    onLine: (line) =>
      line.startsWith(READY) ? ready(line.slice(READY.length).trim()) : onLine?.(line),
  })
  const exited = new Promise<never>((_, reject) =>
    service.child.once('exit', (code) =>
      reject(new Error(`the database service exited with code ${code} before it was ready`)),
    ),
  )
  return {url: await Promise.race([url, exited]), service}
}

/** Run by scripts/database-server.ts: serves DATA_DIR/db until SIGTERM or SIGINT. */
export async function serveDatabase(dataDir: string): Promise<void> {
  if (dataDirInUse(dataDir))
    throw new Error(`the database in ${databaseDir(dataDir)} is already open`)
  const opened = await openDatabase({
    directory: databaseDir(dataDir),
    log: (line) => console.error(line),
  })
  const release = claimDataDir(dataDir, opened.url)
  if (opened.applied.length > 0) console.log(`migrations applied: ${opened.applied.join(', ')}`)
  console.log(`${READY}${opened.url}`)
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void opened.stop().finally(() => {
      release()
      process.exit(0)
    })
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

/**
 * Deletes the local data of `dataDir` (the database is started again empty, with the migrations).
 */
export function wipeDatabase(dataDir: string): void {
  if (existsSync(databaseDir(dataDir))) rmSync(databaseDir(dataDir), {recursive: true, force: true})
}
