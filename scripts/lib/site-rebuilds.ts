import {spawn} from 'node:child_process'
import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {createClient, type SanityClient} from '@sanity/client'
import {swapIn, type ServedFolder} from './netlify-cli/index.ts'
import {isError} from './service-output.ts'

/** What one rebuild came to: printed as one line by `npm start`. */
export type RebuildReport =
  | {ok: true; seconds: number; changes: number}
  | {ok: false; seconds: number; changes: number; reason: string}

export interface RebuildOptions extends ServedFolder {
  /** The Content Lake to follow (anonymous: published documents only). */
  lake: {url: string; projectId: string; dataset: string; apiVersion: string}
  /** The environment the build runs with (the stack's). */
  env: NodeJS.ProcessEnv
  /**
   * Quiet time after a change before a build starts, so that a burst of changes makes one build.
   */
  debounceMs?: number
  onReport(report: RebuildReport): void
}

const BUILD_TIMEOUT_MS = 10 * 60 * 1000
/**
 * The changes that start a build, here and as production's webhook filter
 * (docs/going-to-production.md): published documents, never drafts or release versions.
 * Only the editors change them: press view counts live in the database, not in the lake.
 */
export const EDITORIAL_CHANGES_FILTER =
  '!(_id in path("drafts.**")) && !(_id in path("versions.**"))'

/** The lake's announcements of editorial changes, as the follower listens to them. */
export function editorialChanges(client: SanityClient) {
  return client.listen(
    `*[${EDITORIAL_CHANGES_FILTER}]`,
    {},
    {
      events: ['welcome', 'mutation'],
      includeResult: false,
      includeMutations: false,
      visibility: 'query',
    },
  )
}

/**
 * Follows the lake's published changes and keeps the served site current: after a quiet
 * moment it builds the site into a folder of its own (one build at a time; changes during
 * a build make one more), and when the build succeeds it swaps the served folder in one
 * step. A failed build leaves the last good site online.
 */
export function followPublishedChanges(options: RebuildOptions): {stop(): Promise<void>} {
  const debounceMs = options.debounceMs ?? 750
  let changes = 0
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false
  let build: ReturnType<typeof spawn> | undefined

  const schedule = () => {
    changes += 1
    clearTimeout(timer)
    timer = setTimeout(() => void start(), debounceMs)
  }
  const start = async () => {
    if (running || stopped || changes === 0) return
    const batch = changes
    changes = 0
    running = rebuild(batch).finally(() => {
      running = undefined
      // Changes published while this build ran were not in it.
      if (changes > 0 && !stopped) void start()
    })
  }
  const rebuild = async (batch: number) => {
    const started = Date.now()
    const seconds = () => Math.round((Date.now() - started) / 100) / 10
    const dir = join(options.buildsDir, String(started))
    try {
      const result = await runBuild(dir, options.env, (child) => (build = child))
      if (stopped) return
      if (!result.ok) {
        rmSync(dir, {recursive: true, force: true})
        options.onReport({ok: false, seconds: seconds(), changes: batch, reason: result.reason})
        return
      }
      await swapIn(join(dir, 'client'), options)
      options.onReport({ok: true, seconds: seconds(), changes: batch})
    } catch (error) {
      options.onReport({
        ok: false,
        seconds: seconds(),
        changes: batch,
        reason: (error as Error).message,
      })
    }
  }

  const client = createClient({
    projectId: options.lake.projectId,
    dataset: options.lake.dataset,
    apiVersion: options.lake.apiVersion,
    apiHost: options.lake.url,
    useProjectHostname: false,
    useCdn: false,
  })
  let welcomed = false
  const subscription = editorialChanges(client).subscribe({
    next: (event) => {
      if (event.type === 'mutation') schedule()
      // Connected again after a drop: what was published meanwhile was never announced.
      else if (event.type === 'welcome' && welcomed) schedule()
      if (event.type === 'welcome') welcomed = true
    },
    error: (error: unknown) =>
      options.onReport({
        ok: false,
        seconds: 0,
        changes: 0,
        reason: `콘텐츠 레이크의 변경 알림이 끊겼습니다: ${(error as Error).message}`,
      }),
  })

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      subscription.unsubscribe()
      if (build?.pid !== undefined && build.exitCode === null) process.kill(-build.pid, 'SIGTERM')
      await running
    },
  }
}

type BuildResult = {ok: true} | {ok: false; reason: string}

/** `react-router build` into `dir`, in a process group of its own (stopped with the stack). */
function runBuild(
  dir: string,
  env: NodeJS.ProcessEnv,
  started: (child: ReturnType<typeof spawn>) => void,
): Promise<BuildResult> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/react-router', ['build'], {
      env: {...env, NODE_ENV: 'production', SITE_BUILD_DIR: dir},
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started(child)
    const lines: string[] = []
    const keep = (chunk: Buffer) => {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line.trim() !== ''),
      )
      lines.splice(0, Math.max(0, lines.length - 200))
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    const timeout = setTimeout(
      () => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'),
      BUILD_TIMEOUT_MS,
    )
    child.on('error', (error) => resolve({ok: false, reason: error.message}))
    child.on('exit', (code, signal) => {
      clearTimeout(timeout)
      resolve(code === 0 ? {ok: true} : {ok: false, reason: failureReason(lines, code, signal)})
    })
  })
}

/** The lines of a failed build's output that say why, or its last lines. */
export function failureReason(
  lines: string[],
  code: number | null,
  signal: NodeJS.Signals | null,
): string {
  // Stack frames and object dumps say where, not why.
  const plain = lines
    .map((line) => line.trim())
    .filter((line) => !/^at |\[Getter|^errors:/.test(line))
  const errors = plain.filter((line) => isError(line) || /budget/i.test(line))
  const said = (errors.length > 0 ? errors : plain).slice(-6)
  return [`빌드가 ${signal ? `신호 ${signal}로` : `코드 ${code}로`} 끝났습니다.`, ...said].join(
    '\n  ',
  )
}
