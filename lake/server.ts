import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import {handleActions} from './actions.ts'
import {handleUpload, serveFile, serveImage} from './asset-api.ts'
import {handleDoc, handleMutate, handleQuery} from './data-api.ts'
import {Datasets} from './datasets.ts'
import {isValidDatasetName} from './documents.ts'
import {badRequest, LakeError, notFound} from './errors.ts'
import {ImageCache} from './image-cache.ts'
import {
  answerPreflight,
  applyCors,
  decodePathSegment,
  sameSecret,
  sendError,
  sendJson,
  withLoopbackTwins,
  type CorsOutcome,
  type TokenCheck,
} from './http.ts'
import {handleListen, ListenerSlots} from './listen.ts'
import {handleLiveEvents} from './live-events.ts'
import {QueryPool} from './query-pool.ts'
import {createStudioApi, type StudioSignIn} from './studio-api.ts'
import {StudioSessions} from './studio-sessions.ts'

export interface LakeOptions {
  /** 0 picks a free port. */
  port?: number
  host?: string
  dataDir: string
  contentDir?: string
  /**
   * Datasets to open (and seed when empty) before answering; default: every seed file in
   * contentDir. Others open on first use.
   */
  datasets?: string[]
  projectId: string
  writeToken: string
  /**
   * Origins whose pages may call the lake from a browser (the Studio origins are added, and
   * a loopback origin counts under both `localhost` and `127.0.0.1`).
   */
  corsOrigins: string[]
  /** Where the Studio is served: the only pages a sign-in sends its session id back to. */
  studioOrigins?: string[]
  /** Who may sign in to the Studio; without it the Studio's sign-in form refuses everyone. */
  signIn?: StudioSignIn
  /** How long one query may run before it is stopped (default 10 s). */
  queryTimeLimitMs?: number
  /** The most bytes each dataset's rendered image variants may take (default 256 MB). */
  imageCacheBytes?: number
  log?: (line: string) => void
}

export interface RunningLake {
  url: string
  port: number
  close(): Promise<void>
}

const API_VERSION = '(v1|vX|v\\d{4}-\\d{2}-\\d{2})'
const DATA_ROUTE = new RegExp(
  `^/${API_VERSION}/data/(query|doc|mutate|actions|listen)/([^/]+)(?:/([^/]+))?$`,
)
const LIVE_ROUTE = new RegExp(`^/${API_VERSION}/data/live/events/([^/]+)$`)
const VERSIONED = new RegExp(`^/${API_VERSION}(/.*)$`)
const UPLOAD_ROUTE = new RegExp(`^/${API_VERSION}/assets/(images|files)/([^/]+)$`)
const ASSET_ROUTE = /^\/(images|files)\/([^/]+)\/([^/]+)\/([^/]+)$/

/**
 * The local Content Lake: the part of Sanity's HTTP API that @sanity/client and the Studio
 * use (query, doc, mutate, actions, listen, asset upload, sign-in, user and project) plus
 * the image and file CDN paths, over datasets kept in memory and made durable under
 * `<dataDir>/lake/`.
 */
export async function startLake(options: LakeOptions): Promise<RunningLake> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? (() => undefined)
  const studioOrigins = new Set(
    (options.studioOrigins ?? []).map((origin) => new URL(origin).origin),
  )
  const origins = withLoopbackTwins([...options.corsOrigins, ...studioOrigins])
  let closing = false
  let ready = false
  const sessions = new StudioSessions(join(options.dataDir, 'lake', 'studio-sessions.json'))
  const tokens: TokenCheck = (token) =>
    token !== '' && (sameSecret(token, options.writeToken) || sessions.user(token) !== undefined)
  const listeners = new Set<ServerResponse>()
  const listenerSlots = new ListenerSlots()
  const queries = new QueryPool({timeLimitMs: options.queryTimeLimitMs})
  const imageCaches = new Map<string, ImageCache>()
  const imageCache = (dataset: string) => {
    let cache = imageCaches.get(dataset)
    if (!cache) {
      cache = new ImageCache(join(datasets.dir(dataset), 'cache'), options.imageCacheBytes)
      imageCaches.set(dataset, cache)
    }
    return cache
  }
  const studioApi = createStudioApi({
    projectId: options.projectId,
    sessions,
    studioOrigins,
    signIn: options.signIn,
    datasets: () => datasets.names(),
  })

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    cors: CorsOutcome,
  ): Promise<void> => {
    const method = req.method ?? 'GET'
    const path = url.pathname
    // Healthy once the configured datasets are loaded and seeded, not merely listening.
    if (path === '/health')
      return ready
        ? sendJson(res, 200, {ok: true})
        : sendError(
            res,
            new LakeError(503, 'serviceUnavailable', 'The lake is still loading its datasets'),
          )

    const liveRoute = LIVE_ROUTE.exec(path)
    if (liveRoute) {
      if (cors === 'refused') throw refusedOrigin(req)
      const [, apiVersion = '', dataset = ''] = liveRoute
      const name = validDataset(dataset)
      const request = {
        req,
        res,
        url,
        apiVersion,
        store: await datasets.get(name),
        tokens,
        sanity: {projectId: options.projectId, dataset: name},
        queries,
      }
      return allow(method, ['GET'], () => handleLiveEvents(request, listeners))
    }
    const dataRoute = DATA_ROUTE.exec(path)
    if (dataRoute) {
      // A browser would hide the answer from a page of another origin anyway; the page gets
      // no data at all, not even into the browser's memory.
      if (cors === 'refused') throw refusedOrigin(req)
      const [, apiVersion = '', endpoint, dataset = '', ids] = dataRoute
      const name = validDataset(dataset)
      const store = await datasets.get(name)
      const request = {
        req,
        res,
        url,
        apiVersion,
        store,
        tokens,
        sanity: {projectId: options.projectId, dataset: name},
        queries,
      }
      if (endpoint === 'query' && ids === undefined)
        return allow(method, ['GET', 'POST'], () => handleQuery(request))
      if (endpoint === 'doc' && ids !== undefined)
        return allow(method, ['GET'], () => handleDoc(request, ids))
      if (endpoint === 'mutate' && ids === undefined)
        return allow(method, ['POST'], () => handleMutate(request))
      if (endpoint === 'actions' && ids === undefined)
        return allow(method, ['POST'], () => handleActions(request))
      if (endpoint === 'listen' && ids === undefined)
        return allow(method, ['GET'], () =>
          handleListen({...request, open: listeners, slots: listenerSlots}),
        )
      throw notFound()
    }
    const uploadRoute = UPLOAD_ROUTE.exec(path)
    if (uploadRoute) {
      const [, , kind, dataset = ''] = uploadRoute
      const name = validDataset(dataset)
      const store = await datasets.get(name)
      const request = {
        req,
        res,
        url,
        store,
        datasetDir: datasets.dir(name),
        projectId: options.projectId,
        dataset: name,
        tokens,
      }
      return allow(method, ['POST'], () =>
        handleUpload(kind === 'images' ? 'image' : 'file', request),
      )
    }
    const assetRoute = ASSET_ROUTE.exec(path)
    if (assetRoute) {
      const [, kind, projectId, dataset = '', fileName = ''] = assetRoute
      if (projectId !== options.projectId || !isValidDatasetName(dataset)) throw notFound()
      const request = {
        req,
        res,
        url,
        datasetDir: datasets.dir(dataset),
        fileName,
        imageCache: imageCache(dataset),
      }
      return allow(method, ['GET', 'HEAD'], () =>
        kind === 'images' ? serveImage(request) : serveFile(request),
      )
    }
    const versioned = VERSIONED.exec(path)
    // What @sanity/client asks when a stream fails, to tell a refused origin from an outage.
    if (versioned?.[2] === '/check/cors')
      return allow(method, ['GET'], () =>
        sendJson(res, 200, {
          result: {allowed: cors !== 'refused', withCredentials: cors !== 'refused'},
        }),
      )
    if (versioned?.[2] && (await studioApi({req, res, url, path: versioned[2]}))) return
    throw notFound(`Unknown route: ${method} ${path}`)
  }

  const server = createServer((req, res) => {
    const started = performance.now()
    const method = req.method ?? 'GET'
    let path = req.url ?? '/'
    res.on('finish', () =>
      log(`${method} ${path} ${res.statusCode} ${Math.round(performance.now() - started)}ms`),
    )
    if (closing) res.setHeader('Connection', 'close')
    // Every answer means what its Content-Type says: an uploaded file is never sniffed into HTML.
    res.setHeader('X-Content-Type-Options', 'nosniff')
    req.on('error', () => res.destroy())
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://lake.local')
        path = url.pathname
        const cors = applyCors(req, res, origins)
        if (method === 'OPTIONS') return answerPreflight(req, res, cors === 'allowed')
        await route(req, res, url, cors)
      } catch (error) {
        if (res.headersSent) {
          res.destroy()
          return
        }
        if (!req.complete) {
          // Discard the rest of a refused body so the client can read the answer, and
          // do not reuse a connection that was mid-upload.
          res.setHeader('Connection', 'close')
          req.resume()
        }
        if (error instanceof LakeError) {
          sendError(res, error)
        } else {
          log(`Error on ${method} ${path}: ${(error as Error).stack ?? String(error)}`)
          sendJson(res, 500, {
            error: {description: 'Internal error in the local Content Lake', type: 'internalError'},
          })
        }
      }
    })()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`
  // Requests are only handled once this line has run: the listen callback resumes us first.
  const datasets = new Datasets({
    dataDir: options.dataDir,
    contentDir: options.contentDir ?? 'content',
    projectId: options.projectId,
    baseUrl: url,
    log,
  })
  try {
    if (options.datasets) for (const name of options.datasets) await datasets.get(name)
    else await datasets.openSeeded()
  } catch (error) {
    server.close()
    await queries.close()
    throw error
  }
  ready = true

  // Lets requests in flight finish (their writes are acknowledged), then flushes datasets.
  const shutDown = async () => {
    closing = true
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
    // Keep-alive sockets go idle once their request is answered: close them as they do.
    const idle = setInterval(() => server.closeIdleConnections(), 25)
    server.closeIdleConnections()
    // Listeners never go idle: end their streams so that the server can close.
    for (const stream of listeners) stream.end()
    const force = setTimeout(() => server.closeAllConnections(), 5000)
    await stopped
    clearInterval(idle)
    clearTimeout(force)
    await queries.close()
    await datasets.close()
  }
  let closed: Promise<void> | undefined

  return {
    url,
    port,
    close() {
      closed ??= shutDown()
      return closed
    },
  }
}

function refusedOrigin(req: IncomingMessage): LakeError {
  return new LakeError(
    403,
    'httpForbidden',
    `Origin ${req.headers.origin} is not allowed to ` +
      'read this dataset (add it to LAKE_CORS_ORIGINS)',
  )
}

function validDataset(name: string): string {
  const decoded = decodePathSegment(name)
  if (!isValidDatasetName(decoded)) {
    throw badRequest(
      `Invalid dataset name "${decoded}": use lower-case letters, digits, ` +
        '"_" and "-" (at most 64 characters, starting with a letter or digit)',
    )
  }
  return decoded
}

async function allow(
  method: string,
  methods: string[],
  handler: () => void | Promise<void>,
): Promise<void> {
  if (!methods.includes(method))
    throw new LakeError(
      405,
      'httpMethodNotAllowed',
      `Method ${method} not allowed here (use ${methods.join(' or ')})`,
    )
  await handler()
}
