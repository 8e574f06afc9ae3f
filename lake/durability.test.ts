import {spawn, type ChildProcess} from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {createClient, type SanityClient} from '@sanity/client'
import {afterAll, afterEach, describe, expect, it} from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
const TOKEN = 'sk-durability-token'
/** tsx's loader by its address, so a lake started in another folder finds it too. */
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const running = new Set<ChildProcess>()
const scratch = mkdtempSync(join(tmpdir(), 'lake-durable-'))

afterEach(() => {
  for (const child of running) killGroup(child, 'SIGKILL')
  running.clear()
})
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number}
      server.close(() => done(port))
    })
  })
}

/** The whole process group: the lake and anything it started. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

interface Lake {
  child: ChildProcess
  client: SanityClient
  exited: Promise<number | null>
  output: () => string
}

/**
 * `lake/main.ts` on its own port and DATA_DIR, in one Node process with tsx's loader
 * (`node --import tsx`): under `tsx`'s own bin a signal reaches the lake through a relay that
 * a busy machine can outrun, and the exit code then tells the relay's timing, not the lake's.
 */
async function spawnLake(
  dataDir: string,
  port: number,
  args: string[] = [],
  cwd = ROOT,
): Promise<Lake> {
  const lakeMain = join(ROOT, 'lake/main.ts')
  const child = spawn(process.execPath, ['--import', TSX_LOADER, lakeMain, ...args], {
    cwd,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LAKE_PORT: String(port),
      SANITY_DATASET: 'durable',
      SANITY_PROJECT_ID: 'durable',
      SANITY_WRITE_TOKEN: TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((done) =>
    child.on('exit', (code) => {
      running.delete(child)
      done(code)
    }),
  )
  if (!args.includes('--reset-only')) {
    const deadline = Date.now() + 60_000
    while (!output.includes(`Content Lake listening on http://127.0.0.1:${port}`)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`lake did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const client = createClient({
    projectId: 'durable',
    dataset: 'durable',
    apiHost: `http://127.0.0.1:${port}`,
    useProjectHostname: false,
    useCdn: false,
    apiVersion: '2025-02-19',
    token: TOKEN,
  })
  return {child, client, exited, output: () => output}
}

describe('durability of the lake process', () => {
  it('keeps every acknowledged write across a kill -9 in the middle of a burst', async () => {
    const dataDir = join(scratch, 'kill')
    const port = await freePort()
    const first = await spawnLake(dataDir, port)
    await first.client.create({_id: 'counter', _type: 'counter', n: 0})

    const acknowledged: string[] = []
    let acknowledgedIncs = 0
    let sentIncs = 0
    let killed = false
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const id = `doc-${w}-${i}`
        try {
          if (i % 2 === 0) {
            await first.client.create({
              _id: id,
              _type: 'burst',
              worker: w,
              seq: i,
              text: '내구성 시험 '.repeat(20),
            })
            acknowledged.push(id)
          } else {
            sentIncs++
            await first.client.patch('counter').inc({n: 1}).commit({returnDocuments: false})
            acknowledgedIncs++
          }
        } catch {
          return
        }
        if (acknowledged.length + acknowledgedIncs >= 300 && !killed) {
          killed = true
          killGroup(first.child, 'SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({length: 16}, (_, w) => worker(w)))
    await first.exited
    expect(acknowledged.length).toBeGreaterThan(100)

    const second = await spawnLake(dataDir, port)
    const docs = await second.client.getDocuments(acknowledged)
    expect(docs.filter((doc) => doc === null)).toHaveLength(0)
    expect(
      docs.every(
        (doc, i) => doc?._id === acknowledged[i] && doc?.text === '내구성 시험 '.repeat(20),
      ),
    ).toBe(true)
    const counter = await second.client.getDocument('counter')
    expect(counter?.n).toBeGreaterThanOrEqual(acknowledgedIncs)
    expect(counter?.n).toBeLessThanOrEqual(sentIncs)

    // The restarted lake takes writes again on top of the recovered log.
    await second.client.patch('counter').inc({n: 1}).commit()
    killGroup(second.child, 'SIGTERM')
    expect(await second.exited).toBe(0)
  }, 120_000)

  it('on SIGTERM finishes, folds the log into the snapshot and exits 0', async () => {
    const dataDir = join(scratch, 'term')
    const port = await freePort()
    const lake = await spawnLake(dataDir, port)
    await lake.client.create({_id: 'kept', _type: 'note', text: '종료 후에도'})
    killGroup(lake.child, 'SIGTERM')
    expect(await lake.exited).toBe(0)
    const datasetDir = join(dataDir, 'lake', 'durable')
    expect(statSync(join(datasetDir, 'wal.ndjson')).size).toBe(0)
    expect(readFileSync(join(datasetDir, 'snapshot.ndjson'), 'utf8')).toContain('종료 후에도')
    // The write token came from the environment, so no local secrets were written.
    expect(existsSync(join(dataDir, 'local-secrets.json'))).toBe(false)
  }, 60_000)

  it('--reset-only wipes the stored dataset and seeds it again from content/', async () => {
    const project = join(scratch, 'project')
    const dataDir = join(project, '.data')
    mkdirSync(join(project, 'content'), {recursive: true})
    writeFileSync(
      join(project, 'content', 'durable.ndjson'),
      `${JSON.stringify({_id: 'seeded', _type: 'note', text: '처음 상태'})}\n`,
    )
    const port = await freePort()
    const lake = await spawnLake(dataDir, port, [], project)
    await lake.client.patch('seeded').set({text: '바뀜'}).commit()
    await lake.client.create({_id: 'extra', _type: 'note'})
    killGroup(lake.child, 'SIGTERM')
    await lake.exited

    const reset = await spawnLake(dataDir, port, ['--reset-only'], project)
    expect(await reset.exited).toBe(0)
    const again = await spawnLake(dataDir, port, [], project)
    expect((await again.client.getDocument('seeded'))?.text).toBe('처음 상태')
    expect(await again.client.getDocument('extra')).toBeUndefined()
    killGroup(again.child, 'SIGTERM')
    await again.exited
  }, 90_000)
})
