import type {IncomingMessage, ServerResponse} from 'node:http'
import type {DatasetStore} from './dataset-store.ts'
import type {Perspective} from './dataset-views.ts'
import {hasPath, isValidDocumentId} from './documents.ts'
import {badRequest, unauthorized} from './errors.ts'
import {
  decodePathSegment,
  isAuthorized,
  readJson,
  requireAuthorized,
  sendJson,
  sendJsonText,
  type TokenCheck,
} from './http.ts'
import {ANONYMOUS_QUERY_COST_LIMIT} from './query-cost.ts'
import type {QueryPool} from './query-pool.ts'
import {urlParams} from './query.ts'

export interface DataRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** As in the path: `v1`, `vX` or `v2025-02-19`. */
  apiVersion: string
  store: DatasetStore
  tokens: TokenCheck
  sanity: {projectId: string; dataset: string}
  queries: QueryPool
}

/**
 * `GET|POST /v{ver}/data/query/{dataset}`: `{query, result, ms}` like Sanity. Queries run
 * in the query pool's workers under a time limit; a reader without a token also gets a
 * cost limit, so one anonymous query cannot occupy a worker for long.
 */
export async function handleQuery({
  req,
  res,
  url,
  apiVersion,
  store,
  tokens,
  sanity,
  queries,
}: DataRequest): Promise<void> {
  const started = performance.now()
  const authorized = isAuthorized(req, tokens)
  let query: unknown
  let params: Record<string, unknown> = {}
  if (req.method === 'POST') {
    const body = await readJson(req)
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest('Request body must be an object with `query` and `params`')
    const record = body as Record<string, unknown>
    query = record.query
    if (record.params !== undefined) {
      if (
        typeof record.params !== 'object' ||
        record.params === null ||
        Array.isArray(record.params)
      )
        throw badRequest('`params` must be an object')
      params = record.params as Record<string, unknown>
    }
  } else {
    query = url.searchParams.get('query') ?? undefined
    params = urlParams(url)
  }
  if (typeof query !== 'string' || query.trim() === '') throw badRequest('Missing `query`')
  const perspective = readPerspective(
    url.searchParams.get('perspective'),
    defaultPerspective(apiVersion, authorized),
  )
  if (perspective !== 'published' && !authorized)
    throw unauthorized(`Unauthorized - the ${perspective} perspective needs a token`)

  const fields = await queries.run(
    store,
    {
      dataset: sanity.dataset,
      perspective,
      authorized,
      query,
      params,
      sanity,
      costLimit: authorized ? undefined : ANONYMOUS_QUERY_COST_LIMIT,
      // `true` or `withKeyArraySelector`: the lake always names keyed array items by key.
      sourceMap: (url.searchParams.get('resultSourceMap') ?? 'false') !== 'false',
    },
    authorized ? undefined : (req.socket.remoteAddress ?? ''),
  )
  const ms = Math.round(performance.now() - started)
  // The worker sends the answer's fields as JSON text: spliced in, they are not parsed and
  // serialized again.
  const head =
    url.searchParams.get('returnQuery') !== 'false' ? `"query":${JSON.stringify(query)},` : ''
  // Every answer names the whole dataset as its one sync tag: any change may change it.
  sendJsonText(
    res,
    200,
    `{${head}${fields},"syncTags":${JSON.stringify([syncTag(sanity.dataset)])},"ms":${ms}}`,
  )
}

/** The API version from which a query without a perspective reads published documents only. */
export const PUBLISHED_BY_DEFAULT_FROM = '2025-02-19'

/**
 * What a query that names no perspective reads, as on Sanity's API: before
 * `v2025-02-19` every document the token may see (`raw`, drafts included); from that
 * version on (and on `vX`, the newest) only published documents. Without a token both
 * come to the published documents.
 */
export function defaultPerspective(apiVersion: string, authorized: boolean): Perspective {
  const date = /^v(\d{4}-\d{2}-\d{2})$/.exec(apiVersion)?.[1]
  const beforeChange =
    apiVersion === 'v1' || (date !== undefined && date < PUBLISHED_BY_DEFAULT_FROM)
  return authorized && beforeChange ? 'raw' : 'published'
}

/** The live events' tag of a dataset (live-events.ts): queries refetch when it comes. */
export const syncTag = (dataset: string) => `s1:${dataset}`

function readPerspective(value: string | null, fallback: Perspective): Perspective {
  switch (value ?? fallback) {
    case 'published':
      return 'published'
    case 'drafts':
    case 'previewDrafts':
      return 'drafts'
    case 'raw':
      return 'raw'
    default:
      throw badRequest(
        `Unsupported perspective "${value}" (use published, drafts, previewDrafts or raw)`,
      )
  }
}

/**
 * `GET /v{ver}/data/doc/{dataset}/{id,id}`: the documents that exist, by id, and the ids
 * that do not under `omitted` (the Studio reads existence from it; with `excludeContent`
 * that is all it asks for).
 */
export async function handleDoc(
  {req, res, url, store, tokens}: DataRequest,
  idList: string,
): Promise<void> {
  const authorized = isAuthorized(req, tokens)
  const ids = idList.split(',').map((id) => decodePathSegment(id.trim()))
  for (const id of ids) {
    if (!isValidDocumentId(id)) throw badRequest(`Invalid document id "${id}"`)
    if (hasPath(id) && !authorized)
      throw unauthorized(`Unauthorized - reading "${id}" needs a token`)
  }
  const documents = ids.flatMap((id) => {
    const doc = store.get(id)
    return doc ? [doc] : []
  })
  const omitted = ids.filter((id) => !store.get(id)).map((id) => ({id, reason: 'existence'}))
  sendJson(res, 200, {
    documents: url.searchParams.get('excludeContent') === 'true' ? [] : documents,
    omitted,
  })
}

/** `POST /v{ver}/data/mutate/{dataset}`: one all-or-nothing transaction. */
export async function handleMutate({req, res, url, store, tokens}: DataRequest): Promise<void> {
  requireAuthorized(req, tokens)
  const flag = (name: string) => {
    const value = url.searchParams.get(name)
    if (value === null || value === 'false') return false
    if (value === 'true' || value === '') return true
    throw badRequest(`Invalid value for ${name}: "${value}"`)
  }
  const visibility = url.searchParams.get('visibility') ?? 'sync'
  if (!['sync', 'async', 'deferred'].includes(visibility))
    throw badRequest(`Invalid visibility "${visibility}"`)
  const returnIds = flag('returnIds')
  const returnDocuments = flag('returnDocuments')
  const body = await readJson(req)
  // Every transaction is durable and visible before the answer, which satisfies all visibilities.
  const {transactionId, results} = await store.transact(body, {dryRun: flag('dryRun')})
  sendJson(res, 200, {
    transactionId,
    results:
      returnIds || returnDocuments
        ? results.map(({id, operation, document}) =>
            returnDocuments ? {id, operation, document} : {id, operation},
          )
        : [],
  })
}
