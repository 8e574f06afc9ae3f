import {randomBytes} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {evaluate, type ExprNode} from 'groq-js'
import type {CommitEvent, DatasetStore, DocumentChange} from './dataset-store.ts'
import {hasPath, type SanityDocument} from './documents.ts'
import {badRequest} from './errors.ts'
import {isAuthorized, startEventStream, type TokenCheck} from './http.ts'
import {parseQuery, urlParams} from './query.ts'

export interface ListenRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  store: DatasetStore
  tokens: TokenCheck
  /** Streams still open; the lake ends them when it shuts down. */
  open: Set<ServerResponse>
}

interface ListenOptions {
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  includeAllVersions: boolean
  mendoza: boolean
}

/**
 * `GET /v{ver}/data/listen/{dataset}`: server-sent events for every committed change to a
 * document the query's filter matches before or after it, as Sanity sends them: a
 * `welcome`, then one `mutation` per document per transaction, with the mutations that
 * turn the old document into the new one and, on request, Mendoza effects (the Studio's
 * document store needs both).
 */
export function handleListen({req, res, url, store, tokens, open}: ListenRequest): void {
  const authorized = isAuthorized(req, tokens)
  const query = url.searchParams.get('query')
  if (!query) throw badRequest('Missing `query`')
  const params = urlParams(url)
  const tree = parseQuery(query, params)
  const flag = (name: string, fallback: boolean) => {
    const value = url.searchParams.get(name)
    return value === null ? fallback : value !== 'false'
  }
  // @sanity/client leaves false options out of the URL (all but includeMutations).
  const options: ListenOptions = {
    includeResult: flag('includeResult', false),
    includePreviousRevision: flag('includePreviousRevision', false),
    includeMutations: flag('includeMutations', true),
    includeAllVersions: flag('includeAllVersions', false),
    mendoza: url.searchParams.get('effectFormat') === 'mendoza',
  }
  const visible = (id: string) =>
    (authorized || !hasPath(id)) && (options.includeAllVersions || !id.startsWith('versions.'))

  // Commits are announced in order; each one's matching is finished before the next is sent.
  let sending = Promise.resolve()
  const unsubscribe = store.subscribe((event) => {
    sending = sending.then(async () => {
      const changes: DocumentChange[] = []
      for (const change of event.changes) {
        if (
          visible(change.id) &&
          ((await matches(tree, params, change.before)) ||
            (await matches(tree, params, change.after)))
        )
          changes.push(change)
      }
      changes.forEach((change, index) => {
        const data = mutationEvent(event, change, options, index, changes.length)
        res.write(`id: ${data.eventId}\nevent: mutation\ndata: ${JSON.stringify(data)}\n\n`)
      })
    })
  })
  startEventStream(
    res,
    open,
    `event: welcome\ndata: ${JSON.stringify({listenerName: randomBytes(8).toString('hex')})}\n\n`,
    unsubscribe,
  )
}

async function matches(
  tree: ExprNode,
  params: Record<string, unknown>,
  doc: SanityDocument | null,
): Promise<boolean> {
  if (!doc) return false
  const result = await (await evaluate(tree, {dataset: [doc], params})).get()
  return Array.isArray(result) ? result.length > 0 : Boolean(result)
}

function mutationEvent(
  event: CommitEvent,
  change: DocumentChange,
  options: ListenOptions,
  index: number,
  total: number,
) {
  const {before, after} = change
  return {
    eventId: `${event.transactionId}#${change.id}`,
    documentId: change.id,
    transactionId: event.transactionId,
    transition: !before ? 'appear' : !after ? 'disappear' : 'update',
    identity: 'lake',
    previousRev: before?._rev,
    resultRev: event.transactionId,
    timestamp: event.timestamp,
    visibility: 'query',
    transactionTotalEvents: total,
    transactionCurrentEvent: index + 1,
    ...(options.includeMutations
      ? {mutations: [after ? {createOrReplace: after} : {delete: {id: change.id}}]}
      : {}),
    // Mendoza's "Value" opcode (0) replaces the whole document: a valid patch for any change.
    ...(options.mendoza
      ? {effects: {apply: [0, withoutRev(after)], revert: [0, withoutRev(before)]}}
      : {}),
    ...(options.includeResult ? {result: after ?? undefined} : {}),
    ...(options.includePreviousRevision ? {previous: before ?? undefined} : {}),
  }
}

function withoutRev(doc: SanityDocument | null): Omit<SanityDocument, '_rev'> | null {
  if (!doc) return null
  const {_rev: _ignored, ...rest} = doc
  return rest
}
