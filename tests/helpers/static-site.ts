import {readFile} from 'node:fs/promises'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {extname, join, normalize} from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Files whose text `replace` applies to. */
const TEXT = new Set(['.html', '.js', '.mjs'])

/**
 * Serves a built single-page app (e.g. the Studio) from `dir`, with index.html for unknown paths;
 * on a free port unless given one. Each pair of `replace` swaps a string in the served text
 * files for another (a build's stand-in address for the one this run uses).
 */
export async function serveStaticSite(
  dir: string,
  port = 0,
  replace: [string, string][] = [],
): Promise<{url: string; close(): Promise<void>}> {
  const served = (file: string, body: Buffer): Buffer | string =>
    replace.length > 0 && TEXT.has(extname(file))
      ? replace.reduce((text, [from, to]) => text.replaceAll(from, to), body.toString('utf8'))
      : body
  const server = createServer((req, res) => {
    const path = normalize(
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
    ).replace(/^(\.\.[/\\])+/, '')
    // A path without an extension is one of the app's routes: the app's page answers it.
    const file = extname(path) ? join(dir, path) : join(dir, 'index.html')
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, {'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream'})
          .end(served(file, body)),
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
