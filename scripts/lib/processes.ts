import {type ChildProcess, spawn} from 'node:child_process'
import {once} from 'node:events'
import {createServer} from 'node:net'

export interface Service {
  name: string
  child: ChildProcess
  stop(): Promise<void>
}

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
  const child = spawn(command, args, {env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe']})
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) options.onLine?.(line)
  }
  child.stdout?.on('data', forward)
  child.stderr?.on('data', forward)
  const service: Service = {
    name,
    child,
    async stop() {
      running.delete(service)
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      killGroup(child, 'SIGTERM')
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
      // The group may outlive its leader (e.g. a functions server): make sure it is gone.
      killGroup(child, 'SIGKILL')
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

/** Makes Ctrl-C, `kill` and an uncaught error stop the services before the process ends. */
export function stopAllOnExit(): void {
  if (exitHooksInstalled) return
  exitHooksInstalled = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
    })
  }
  process.once('exit', () => {
    for (const service of running) killGroup(service.child, 'SIGKILL')
  })
}

/** Polls `url` until it answers with `expectStatus` (any status when omitted). */
export async function waitForUrl(
  url: string,
  {timeoutMs, service, expectStatus}: {timeoutMs: number; service?: Service; expectStatus?: number},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (service && service.child.exitCode !== null) {
      throw new Error(`${service.name} exited with code ${service.child.exitCode} before ${url} answered`)
    }
    try {
      const response = await fetch(url, {signal: AbortSignal.timeout(2000), redirect: 'manual'})
      await response.body?.cancel()
      if (expectStatus === undefined || response.status === expectStatus) return
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A port that was free a moment ago, for services that must be told their port. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}
