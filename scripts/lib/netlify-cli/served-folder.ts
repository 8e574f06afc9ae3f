import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs'
import {join, resolve} from 'node:path'
import {parseAllHeaders} from '@netlify/headers-parser'
import type {EdgeProxy} from '../edge-proxy.ts'
import {lstatOrNull} from './dev-database.ts'

export interface ServedFolder {
  /** The folder netlify-cli serves (netlify.toml's publish folder). */
  clientDir: string
  /** Where each build after the first is made, one folder per build. */
  buildsDir: string
  /** The edge proxy, which holds visitors' requests while the served build changes. */
  edge: Pick<EdgeProxy, 'hold'>
  /** netlify-cli itself, to see when it serves the new build's headers and redirects. */
  runtimeUrl: string
}

/**
 * Before netlify-cli starts: the last run's link and builds go (`netlify serve` builds anew
 * into the publish folder), and so does anything it would read from there too early.
 */
export function clearServedFolder({
  clientDir,
  buildsDir,
}: Omit<ServedFolder, 'edge' | 'runtimeUrl'>) {
  if (lstatOrNull(clientDir)?.isSymbolicLink()) rmSync(clientDir)
  rmSync(buildsDir, {recursive: true, force: true})
  // A checkout that kept leads in Blobs linked netlify-cli's Blobs folder into a DATA_DIR
  // that may be gone: netlify-cli cannot start over a dangling link.
  const oldBlobsLink = resolve('.netlify/blobs-serve')
  if (lstatOrNull(oldBlobsLink)?.isSymbolicLink()) rmSync(oldBlobsLink)
  // netlify-cli reads the publish folder's _headers into its configuration before
  // `serve` builds, and that copy overrides the freshly built file: a previous build's
  // Content-Security-Policy (another lake port, other script hashes) would be served.
  rmSync(join(clientDir, '_headers'), {force: true})
}

/**
 * Points the served folder at `next` in one step, while the edge proxy holds visitors'
 * requests: netlify-cli serves files through the link, so the next request reads the new
 * build. It keeps the rules of `_headers` and `_redirects` in memory and reloads them when
 * its watcher sees the watched file change; the watcher is on the file the old link led to,
 * so touching that file has it reload from the link's new target, and the proxy lets the
 * visitors through once netlify-cli answers with the new rules.
 */
export async function swapIn(next: string, options: ServedFolder): Promise<void> {
  const {clientDir, buildsDir} = options
  mkdirSync(buildsDir, {recursive: true})
  const release = await options.edge.hold()
  let previous: string
  try {
    if (lstatOrNull(clientDir)?.isSymbolicLink()) {
      previous = readlinkSync(clientDir)
    } else {
      // The first build, made by `netlify serve` itself in place: moved aside like any other.
      previous = join(buildsDir, 'first', 'client')
      rmSync(join(buildsDir, 'first'), {recursive: true, force: true})
      mkdirSync(join(buildsDir, 'first'))
      renameSync(clientDir, previous)
    }
    const link = `${clientDir}.next`
    rmSync(link, {force: true})
    symlinkSync(next, link, 'dir')
    renameSync(link, clientDir)
    const now = new Date()
    for (const rules of ['_headers', '_redirects']) {
      try {
        utimesSync(join(previous, rules), now, now)
      } catch {
        // A build without this file: netlify-cli watches nothing there.
      }
    }
    await servedWithRulesOf(next, options.runtimeUrl)
  } finally {
    release()
  }
  // The build before the previous one is no longer served by anything.
  for (const entry of readdirSync(buildsDir)) {
    const dir = join(buildsDir, entry)
    if (join(dir, 'client') !== next && join(dir, 'client') !== previous)
      rmSync(dir, {recursive: true, force: true})
  }
}

/**
 * Waits (at most 10 s) until netlify-cli answers `/` with the Content-Security-Policy that
 * the new build's `_headers` gives it, and its first redirect with the new target.
 */
async function servedWithRulesOf(clientDir: string, runtimeUrl: string): Promise<void> {
  const {headers} = await parseAllHeaders({
    headersFiles: [join(clientDir, '_headers')],
    configHeaders: [],
    minimal: true,
  })
  const policy = headers.find((rule) => rule.for === '/')?.values['Content-Security-Policy']
  const redirect = readRedirect(clientDir)
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const page = await fetch(`${runtimeUrl}/`, {redirect: 'manual'}).catch(() => undefined)
    await page?.body?.cancel()
    const moved = redirect
      ? await fetch(`${runtimeUrl}${redirect.from}`, {redirect: 'manual'}).catch(() => undefined)
      : undefined
    await moved?.body?.cancel()
    const policyServed =
      policy === undefined || page?.headers.get('content-security-policy') === policy
    const redirectServed = !redirect || moved?.headers.get('location')?.endsWith(redirect.to)
    if (policyServed && redirectServed) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('netlify-cli가 새 빌드의 _headers/_redirects를 10초 안에 읽지 않았습니다')
}

function readRedirect(clientDir: string): {from: string; to: string} | undefined {
  try {
    const [from, to] =
      readFileSync(join(clientDir, '_redirects'), 'utf8')
        .trim()
        .split('\n')[0]
        ?.trim()
        .split(/\s+/) ?? []
    return from && to ? {from, to} : undefined
  } catch {
    return undefined
  }
}
