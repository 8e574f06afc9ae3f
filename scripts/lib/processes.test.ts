import {type ChildProcess, spawn} from 'node:child_process'
import {once} from 'node:events'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {createInterface} from 'node:readline'
import {afterAll, afterEach, describe, expect, it} from 'vitest'
import {createServer} from 'node:net'
import {
  alive,
  freePort,
  parentOf,
  ServiceExitedError,
  startService,
  waitForUrl,
} from './processes.ts'

const tsx = resolve('node_modules/.bin/tsx')
const processesModule = resolve(import.meta.dirname, 'processes.ts')
const scratch = mkdtempSync(join(tmpdir(), 'processes-test-'))
const started: ChildProcess[] = []
const servicePids: number[] = []

async function gone(pid: number, timeoutMs = 10_000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (!alive(pid)) return true
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
  }
  return !alive(pid)
}

/** A service that stops at once on SIGTERM, and one that takes 300 ms. */
const QUICK = "setInterval(() => {}, 1000); console.log('ready')"
const SLOW =
  "process.on('SIGTERM', () => setTimeout(() => process.exit(0), " +
  "300)); setInterval(() => {}, 1000); console.log('ready')"

/**
 * Runs, like scripts/start.ts, a script under tsx that starts two services, as the lake
 * and then the site, and stops them on signals (the site first, taking 300 ms); `wrap`
 * gives the command line. Answers with the pids of the script and of its first service
 * (the one left running when the script ends half-way) once both are ready.
 */
async function startLauncher(body: string, wrap: (command: string) => [string, string[]]) {
  const script = join(scratch, `launcher-${started.length}.mts`)
  writeFileSync(
    script,
    'import {startService, stopAllOnExit, stopAllWhenLauncherExits} from ' +
      `${JSON.stringify(processesModule)}
void stopAllWhenLauncherExits
stopAllOnExit()
${body}
const start = (name: string, code: string) =>
  new Promise<number>((ready) => {
    const service = startService(name, process.execPath, ['-e', code], {
      env: process.env,
      onLine: (line) => line === 'ready' && ready(service.child.pid!),
    })
  })
const first = await start('lake', ${JSON.stringify(QUICK)})
const second = await start('site', ${JSON.stringify(SLOW)})
console.log(JSON.stringify({pid: process.pid, service: first, services: [first, second]}))
`,
  )
  const [command, args] = wrap(`${tsx} ${script}`)
  const child = spawn(command, args, {stdio: ['ignore', 'pipe', 'inherit']})
  started.push(child)
  const [line] = (await once(createInterface({input: child.stdout!}), 'line')) as [string]
  const pids = JSON.parse(line) as {pid: number; service: number; services: number[]}
  servicePids.push(...pids.services)
  return pids
}

afterEach(() => {
  for (const pid of servicePids.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // Stopped, as it should be.
    }
  }
  for (const child of started.splice(0)) child.kill('SIGKILL')
})

afterAll(() => rmSync(scratch, {recursive: true, force: true}))

describe('the stack launcher (scripts/start.ts) stopping', () => {
  it('tells the parent of a process', () => {
    expect(parentOf(process.pid)).toBe(process.ppid)
    expect(parentOf(2 ** 22 + 1)).toBeNull()
  })

  it('stops its services when the signal comes twice, as tsx may send it', async () => {
    const {pid, service} = await startLauncher('', (command) => ['sh', ['-c', command]])
    process.kill(pid, 'SIGTERM')
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
    process.kill(pid, 'SIGTERM')
    expect(await gone(service)).toBe(true)
    expect(await gone(pid)).toBe(true)
  })

  it(
    'stops its services when the shell npm ran ' + 'it with ends without passing the signal on',
    async () => {
      // `; exit` keeps the shell between (dash never replaces itself with the command; bash would).
      const {pid, service} = await startLauncher(
        'stopAllWhenLauncherExits({intervalMs: 100})',
        (command) => ['sh', ['-c', `${command}; exit $?`]],
      )
      started.at(-1)!.kill('SIGTERM')
      expect(await gone(service)).toBe(true)
      expect(await gone(pid)).toBe(true)
    },
  )
})

describe('a service that must be told its port', () => {
  it('gets one below the range of outgoing connections, which it can listen on', async () => {
    const ports = await Promise.all(Array.from({length: 20}, () => freePort()))
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(32_768)
    }
    // A port is free only until another process of this machine takes it, which the test
    // runs beside others may do between the answer and the listen: the stack then asks
    // again (PORT_TAKEN in stack.ts). So the port is listened on at once, asking again at
    // most twice when it was taken meanwhile.
    let taken = 0
    for (;;) {
      const server = createServer().listen(await freePort(), '127.0.0.1')
      const error = await Promise.race([
        once(server, 'listening').then(() => null),
        once(server, 'error').then(([failure]) => failure as NodeJS.ErrnoException),
      ])
      if (!error) {
        server.close()
        break
      }
      expect(error.code).toBe('EADDRINUSE')
      expect(++taken).toBeLessThan(3)
    }
  })

  it('that ends before it answers is reported with what it printed last', async () => {
    const service = startService(
      'the failing service',
      process.execPath,
      ['-e', "for (let i = 1; i <= 50; i++) console.log('line ' + i); process.exit(3)"],
      {env: process.env},
    )
    const url = `http://127.0.0.1:${await freePort()}/`
    const failure = await waitForUrl(url, {timeoutMs: 10_000, service}).catch((error) => error)
    expect(failure).toBeInstanceOf(ServiceExitedError)
    expect(failure.message).toContain('the failing service exited with code 3')
    expect(failure.lastLines.at(-1)).toBe('line 50')
    expect(failure.lastLines).toHaveLength(40)
  })
})
