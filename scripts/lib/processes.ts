import {type ChildProcess, execFileSync, spawn} from 'node:child_process'
import {randomInt} from 'node:crypto'
import {once} from 'node:events'
import {readFileSync} from 'node:fs'
import {createServer} from 'node:net'

export interface Service {
  name: string
  child: ChildProcess
  /** Its last lines of output, to tell why it ended. */
  lastLines(): string[]
  /** Settles once it has ended and its output has all been read. */
  closed: Promise<void>
  stop(): Promise<void>
}

const LINES_KEPT = 40

const running = new Set<Service>()

/**
 * Starts a long-running command in its own process group, so that stopping it also
 * stops whatever it spawned (netlify-cli starts a build and a functions server).
 */
export function startService(
  name: string,
  command: string,
  args: string[],
  options: {env: NodeJS.ProcessEnv; onLine?: (line: string) => void},
): Service {
  const child = spawn(command, args, {
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const kept: string[] = []
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue
      kept.push(line)
      if (kept.length > LINES_KEPT) kept.shift()
      options.onLine?.(line)
    }
  }
  child.stdout?.on('data', forward)
  child.stderr?.on('data', forward)
  const service: Service = {
    name,
    child,
    lastLines: () => [...kept],
    closed: once(child, 'close').then(() => undefined),
    async stop() {
      // Listed in `running` until it is gone, so that this process ending meanwhile
      // (a second Ctrl-C) still kills its group on the way out.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit')
        killGroup(child, 'SIGTERM')
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
        // The group may outlive its leader (e.g. a functions server): make sure it is gone.
        killGroup(child, 'SIGKILL')
      }
      running.delete(service)
    },
  }
  running.add(service)
  return service
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/** Stops every service this process started, newest first. */
export async function stopAll(): Promise<void> {
  for (const service of [...running].reverse()) await service.stop()
}

let exitHooksInstalled = false
let shuttingDown = false

/** Stops every service, then ends this process with `code` (once, however often asked). */
function stopAllAndExit(code: number): void {
  if (shuttingDown) return
  shuttingDown = true
  void stopAll().finally(() => process.exit(code))
}

/**
 * Makes Ctrl-C, `kill` and an uncaught error stop the services before the process ends.
 * The handlers stay on while the services stop, and a signal that comes again changes
 * nothing: tsx sends a signal on a second time when it has missed this process's word
 * that it got it (as after a Ctrl-C to the whole process group), and with `once` the
 * first one would have left the signal to its default action (tsx hides its own
 * listener from the count Node checks), killing this process half-way: no 'exit'
 * event, and the services not stopped yet (the lake, stopped last) left running.
 */
export function stopAllOnExit(): void {
  if (exitHooksInstalled) return
  exitHooksInstalled = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => stopAllAndExit(signal === 'SIGINT' ? 130 : 143))
  }
  process.once('exit', () => {
    for (const service of running) killGroup(service.child, 'SIGKILL')
  })
}

/** Whether process `pid` runs; one killed but not yet reaped (a zombie) does not. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    // No /proc (not Linux): the signal check is all there is.
    return true
  }
}

/** The parent of process `pid`, or null when it is gone (or the system does not say). */
export function parentOf(pid: number): number | null {
  try {
    if (process.platform === 'linux') {
      // "pid (command) state ppid …", where the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    }
    const ppid = execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return ppid.trim() === '' ? null : Number(ppid)
  } catch {
    return null
  }
}

/**
 * Stops the services and ends this process, as on SIGTERM, once whatever started it is
 * gone. `npm start` and `npm run dev` run `sh -c "tsx scripts/start.ts …"`: npm passes
 * a SIGTERM on to that shell only, and dash ends without passing it on, which would
 * leave tsx, this process and the services (in process groups of their own) running.
 * Watched: this process's parent (tsx) and that one's parent (the shell).
 */
export function stopAllWhenLauncherExits({intervalMs = 1000}: {intervalMs?: number} = {}): void {
  const parent = process.ppid
  const launcher = parentOf(parent)
  if (launcher === null) return
  const timer = setInterval(() => {
    if (process.ppid === parent && parentOf(parent) === launcher) return
    clearInterval(timer)
    stopAllAndExit(143)
  }, intervalMs)
  timer.unref()
}

/** Polls `url` until it answers with `expectStatus` (any status when omitted). */
export async function waitForUrl(
  url: string,
  {timeoutMs, service, expectStatus}: {timeoutMs: number; service?: Service; expectStatus?: number},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (service && service.child.exitCode !== null) {
      // 'exit' may come before the last output, which often holds the reason.
      await Promise.race([service.closed, new Promise((resolve) => setTimeout(resolve, 2000))])
      throw new ServiceExitedError(service, url)
    }
    try {
      const response = await fetch(url, {signal: AbortSignal.timeout(2000), redirect: 'manual'})
      await response.body?.cancel()
      if (expectStatus === undefined || response.status === expectStatus) return
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A service that ended before it answered, with what it printed last. */
export class ServiceExitedError extends Error {
  readonly lastLines: string[]
  constructor(service: Service, url: string) {
    const lastLines = service.lastLines()
    super(
      `${service.name} exited with code ${service.child.exitCode} before ${url} answered; ` +
        `its last lines:\n${lastLines.map((line) => `  ${line}`).join('\n')}`,
    )
    this.lastLines = lastLines
  }
}

/**
 * Ports handed out for services to listen on lie below the kernel's range for outgoing
 * connections (32768–60999 on Linux): a port picked there may be taken as the local end of
 * a connection (a health poll, a database client) before the service binds it.
 */
const LISTEN_PORTS = {from: 20_000, to: 32_767}

async function canListen(port: number): Promise<boolean> {
  const server = createServer()
  server.listen(port, '127.0.0.1')
  const listening = await Promise.race([
    once(server, 'listening').then(() => true),
    once(server, 'error').then(() => false),
  ])
  if (listening) await new Promise((resolve) => server.close(resolve))
  return listening
}

/** A port that was free a moment ago, for services that must be told their port. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LISTEN_PORTS.from + randomInt(LISTEN_PORTS.to - LISTEN_PORTS.from + 1)
    if (await canListen(port)) return port
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}`)
}
