import {type ChildProcess, execFileSync, spawn} from 'node:child_process'
import {once} from 'node:events'
import {chownSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {applyMigrations, type SQLExecutor} from '@netlify/database-dev'
import pg from 'pg'
import {MIGRATIONS_DIR} from '#scripts/lib/local-database.ts'
import {freePort} from '#scripts/lib/processes.ts'
import {DEBIAN_POSTGRES_ROOT, postgresBinDir} from './postgres-binaries.ts'

/*
 * A real PostgreSQL server for the tests (Debian's `postgresql` package): a fresh cluster
 * in a temp folder, on loopback only, gone when stopped. The local Netlify Database runs
 * one statement at a time and so cannot show a race; Netlify Database in production is
 * PostgreSQL, where concurrent statements really interleave.
 */

const READY = 'database system is ready to accept connections'

/** initdb refuses to run as root: as root, the server runs as the package's `postgres` user. */
function serverUser(): {uid: number; gid: number} | null {
  if (process.getuid?.() !== 0) return null
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], {encoding: 'utf8'}))
  try {
    return {uid: id('-u'), gid: id('-g')}
  } catch {
    throw new Error('PostgreSQL: there is no `postgres` user (the apt package creates it)')
  }
}

interface Run {
  child: ChildProcess
  output: () => string
}

function run(command: string, args: string[], cwd: string): Run {
  const child = spawn(command, args, {
    cwd,
    ...serverUser(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'))
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  return {child, output: () => output}
}

async function succeed(command: string, args: string[], cwd: string): Promise<void> {
  const {child, output} = run(command, args, cwd)
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`${command} exited with code ${code}:\n${output()}`)
}

/**
 * Trusted connections (the server listens on loopback only), UTF-8 with the C.UTF-8
 * locale (sorting that does not depend on the machine's), and nothing flushed to disk.
 */
const INITDB_ARGS = [
  '--pgdata=data',
  '--username=postgres',
  '--auth=trust',
  '--encoding=UTF8',
  '--locale=C.UTF-8',
  '--no-sync',
]

/** The server's own settings: a throw-away cluster needs no durability, only speed. */
const SETTINGS = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
}

/** Starts `postgres` on a free port; another process may take the port first: then again. */
async function startServer(
  bin: string,
  folder: string,
): Promise<{child: ChildProcess; port: number}> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const settings = Object.entries({...SETTINGS, port}).flatMap(([name, value]) => [
      '-c',
      `${name}=${value}`,
    ])
    const {child, output} = run(join(bin, 'postgres'), ['-D', 'data', ...settings], folder)
    const ready = new Promise<void>((resolve) =>
      child.stderr?.on('data', () => output().includes(READY) && resolve()),
    )
    const exited = once(child, 'exit')
    const outcome = await Promise.race([ready.then(() => 'ready'), exited.then(() => 'exited')])
    if (outcome === 'ready') return {child, port}
    if (!output().includes('could not bind') || attempt === 5)
      throw new Error(`PostgreSQL did not start:\n${output()}`)
  }
}

/**
 * One client as the SQL runner of `@netlify/database-dev`'s `applyMigrations`, the one
 * the local Netlify Database applies the migrations with: in name order, each file in a
 * transaction of its own, recorded in `netlify.migrations`.
 */
function executor(client: pg.Client): SQLExecutor {
  const query = async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params)) as unknown as {rows: T[]}
  const exec = (text: string) => client.query(text)
  return {
    exec,
    query,
    async transaction(work) {
      await client.query('BEGIN')
      try {
        const result = await work({exec, query})
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
    },
  }
}

const urlOf = (port: number, database: string) =>
  `postgres://postgres@127.0.0.1:${port}/${database}`

export interface PostgresServer {
  /** One connection string per database asked for, each with the migrations applied. */
  urls: string[]
  stop(): Promise<void>
}

/**
 * Creates a cluster in a temp folder, starts it, applies the project's migrations with the
 * same runner (and tracking table) as the local Netlify Database, and copies the result
 * into `databases` databases that callers use side by side. `stop()` ends the server and
 * deletes the folder; so does this process ending without it.
 */
export async function startPostgresServer({
  databases = 1,
}: {databases?: number} = {}): Promise<PostgresServer> {
  const bin = postgresBinDir()
  if (!bin)
    throw new Error(
      `PostgreSQL is not installed (no ${DEBIAN_POSTGRES_ROOT}/*/bin/initdb): ` +
        'apt-get install postgresql',
    )
  const folder = mkdtempSync(join(tmpdir(), 'postgres-test-'))
  const user = serverUser()
  if (user) chownSync(folder, user.uid, user.gid)
  let child: ChildProcess | undefined
  // An interrupted run must not leave a server behind: the immediate shutdown is a signal
  // away, and a server whose folder is deleted stops by itself within a minute anyway.
  const onExit = () => {
    child?.kill('SIGQUIT')
    try {
      rmSync(folder, {recursive: true, force: true})
    } catch {
      // The server still writing into it: it stops by itself, as said.
    }
  }
  process.once('exit', onExit)
  const stop = async () => {
    process.removeListener('exit', onExit)
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit')
      // SIGINT: the fast shutdown (open sessions are ended, nothing is waited for).
      child.kill('SIGINT')
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    rmSync(folder, {recursive: true, force: true})
  }
  try {
    await succeed(join(bin, 'initdb'), INITDB_ARGS, folder)
    const server = await startServer(bin, folder)
    child = server.child
    // The migrations go into the cluster's own `postgres` database, the first to use;
    // more are copies of it, made from another database (a copy's source must be idle).
    const migrated = new pg.Client({connectionString: urlOf(server.port, 'postgres')})
    await migrated.connect()
    try {
      await applyMigrations(executor(migrated), MIGRATIONS_DIR)
    } finally {
      await migrated.end()
    }
    const copies = Array.from({length: databases - 1}, (_, i) => `postgres_${i + 2}`)
    if (copies.length > 0) {
      const admin = new pg.Client({connectionString: urlOf(server.port, 'template1')})
      await admin.connect()
      try {
        // One at a time: a database being copied may not be the source of another copy.
        for (const name of copies)
          await admin.query(`CREATE DATABASE ${name} TEMPLATE postgres STRATEGY FILE_COPY`)
      } finally {
        await admin.end()
      }
    }
    return {urls: ['postgres', ...copies].map((name) => urlOf(server.port, name)), stop}
  } catch (error) {
    await stop()
    throw error
  }
}
