/**
 * netlify-cli as the local stack runs it, and every way the stack works around it. Each was
 * found on netlify-cli 26.2 (package.json pins ~26.2.0); after an upgrade, try each again
 * and drop what the new version no longer needs.
 *
 * - No address setting: its servers listen on every interface, where the functions are
 *   reached around the edge proxy. `loopback-only.mjs`, preloaded, binds them to loopback.
 * - `serve` reads the publish folder's old `_headers` before it builds, and its copy wins
 *   over the new file: `clearServedFolder` removes it first (served-folder.ts).
 * - `serve` has no way to serve another folder: after a published change the publish
 *   folder becomes a link to the new build, and touching the old build's `_headers` and
 *   `_redirects` makes its watcher reload them (`swapIn`, served-folder.ts).
 * - `serve` starts a static server on port 3999 unless told one: two stacks would race.
 * - `dev` guesses a framework and would run `npm run dev`, the stack itself: it is told
 *   the Vite command and port.
 * - `dev` starts a database of its own over the stack's, and cannot be told not to: a
 *   placeholder file stops it (dev-database.ts).
 * - It runs no scheduled functions: the stack calls them (stack.ts).
 * - Its local Blobs outlive a stack and its database: the schedules' markers of the next
 *   due work are forgotten at every start (next-due-markers.ts).
 * - It exits on a large or stalled request body: the edge proxy bounds every request
 *   first (../edge-proxy.ts).
 * - A v2 function answers only after a fresh worker has imported its bundle, about half a
 *   second of CPU per call: `serve` answers from warm instances, as Netlify does
 *   (`warm-functions.mjs`, preloaded).
 */
import {OWN_DATABASE_REFUSED} from './dev-database.ts'

export {keepNetlifyDevOffTheDatabase} from './dev-database.ts'
export {forgetNextDueMarkers} from './next-due-markers.ts'
export {clearServedFolder, swapIn, type ServedFolder} from './served-folder.ts'

const LOOPBACK_ONLY = new URL('./loopback-only.mjs', import.meta.url).href
const WARM_FUNCTIONS = new URL('./warm-functions.mjs', import.meta.url).href

export interface NetlifyCliPorts {
  /** Where netlify-cli answers (behind the edge proxy). */
  runtime: number
  functions: number
  /** `serve`'s static server, or the Vite dev server `dev` proxies. */
  framework: number
}

/** The arguments of `netlify serve` (a production build) or `netlify dev` (Vite). */
export function netlifyCliArgs(mode: 'serve' | 'dev', ports: NetlifyCliPorts): string[] {
  const modeArgs =
    mode === 'dev'
      ? [
          'dev',
          '--framework',
          '#custom',
          '--command',
          `react-router dev --port ${ports.framework} --strictPort`,
          '--target-port',
          String(ports.framework),
          '--no-open',
        ]
      : ['serve', '--staticServerPort', String(ports.framework)]
  return [
    ...modeArgs,
    '--offline',
    '--internal-disable-edge-functions',
    '--port',
    String(ports.runtime),
    '--functions-port',
    String(ports.functions),
  ]
}

/**
 * The environment netlify-cli runs with: `env` and the preloads. `dev` keeps a fresh worker
 * per call: it rebuilds a function whose code changed, which a warm instance would not see.
 */
export function netlifyCliEnv(mode: 'serve' | 'dev', env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const preloads = mode === 'serve' ? [LOOPBACK_ONLY, WARM_FUNCTIONS] : [LOOPBACK_ONLY]
  return {
    ...env,
    NODE_OPTIONS: [env.NODE_OPTIONS, ...preloads.map((preload) => `--import=${preload}`)]
      .filter(Boolean)
      .join(' '),
  }
}

/** A line of netlify-cli's output worth showing: not the refusal the placeholder asks for. */
export const worthShowing = (line: string): boolean => !OWN_DATABASE_REFUSED.test(line)
