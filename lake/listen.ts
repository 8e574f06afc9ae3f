import {randomBytes} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import type {CommitEvent, DatasetStore, DocumentChange} from './dataset-store.ts'
import {hasPath, type SanityDocument} from './documents.ts'
import {badRequest, LakeError} from './errors.ts'
import {isAuthorized, startEventStream, type TokenCheck} from './http.ts'
import {estimateQueryCost} from './query-cost.ts'
import {parseQuery, urlParams} from './query.ts'
import type {QueryPool} from './query-pool.ts'

export interface ListenRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  store: DatasetStore
  tokens: TokenCheck
  /** Streams still open; the lake ends them when it shuts down. */
  open: Set<ServerResponse>
  slots: ListenerSlots
  /** Where the filters run, off the main thread and under a time limit. */
  queries: QueryPool
}

/**
 * What a listener's filter may cost, in estimateQueryCost's units, for one document: every
 * commit runs every listener's filter over each document it changes, in the query workers.
 * 20,000 is about 1.5 ms here; the Studio's filters (`_id in $ids`, `_type == ...`) come to
 * a few dozen. Nested string::split over a 300-character parameter came to 27 million and
 * left `/health` waiting 15.8 s behind five such listeners.
 */
export const LISTEN_FILTER_COST_LIMIT = 20_000

/**
 * How many listeners may be open: 32 from one address (a Studio opens a few per tab; on
 * this machine every tab and the site share the loopback address) and 128 in all, so that
 * a commit's matching stays within 128 x 1.5 ms at worst.
 */
export const MAX_LISTENERS_PER_ADDRESS = 32
export const MAX_LISTENERS = 128

/** The open listeners, counted per address and in all. */
export class ListenerSlots {
  private readonly perAddress = new Map<string, number>()
  private total = 0

  /** Counts a listener in, or refuses it with a 429; the returned function counts it out. */
  take(address: string): () => void {
    const mine = this.perAddress.get(address) ?? 0
    if (mine >= MAX_LISTENERS_PER_ADDRESS || this.total >= MAX_LISTENERS)
      throw new LakeError(
        429,
        'rateLimitedError',
        mine >= MAX_LISTENERS_PER_ADDRESS
          ? `Too many listeners from this client (at most ${MAX_LISTENERS_PER_ADDRESS}): ` +
              'close one first'
          : `Too many listeners open (at most ${MAX_LISTENERS}): try again later`,
      )
    this.perAddress.set(address, mine + 1)
    this.total++
    let released = false
    return () => {
      if (released) return
      released = true
      this.total--
      const left = (this.perAddress.get(address) ?? 1) - 1
      if (left > 0) this.perAddress.set(address, left)
      else this.perAddress.delete(address)
    }
  }
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
export function handleListen({
  req,
  res,
  url,
  store,
  tokens,
  open,
  slots,
  queries,
}: ListenRequest): void {
  const authorized = isAuthorized(req, tokens)
  const query = url.searchParams.get('query')
  if (!query) throw badRequest('Missing `query`')
  const params = urlParams(url)
  const tree = parseQuery(query, params)
  // The filter runs on one document at a time: `*` is that document.
  const cost = estimateQueryCost(tree, 1)
  if (!(cost <= LISTEN_FILTER_COST_LIMIT))
    throw new LakeError(
      400,
      'queryTooExpensiveError',
      `Listener filter too expensive: about ${Number.isFinite(cost) ? Math.round(cost) : 'no'} ` +
        `bound on evaluations per changed document, over the limit of ` +
        `${LISTEN_FILTER_COST_LIMIT}. Use plain conditions such as _type == "..." or _id in $ids.`,
    )
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

  const address = req.socket.remoteAddress ?? ''
  const release = slots.take(address)
  let ended = false
  // Commits are announced in order; each one's matching is finished before the next is sent.
  let sending = Promise.resolve()
  const unsubscribe = store.subscribe((event) => {
    sending = sending.then(async () => {
      const candidates = event.changes.filter((change) => visible(change.id))
      if (ended || candidates.length === 0) return
      let found: boolean[]
      try {
        const docs = candidates.flatMap((change) => [change.before, change.after])
        found = await queries.match({kind: 'match', filter: query, params, docs}, address)
      } catch (error) {
        // A filter past its time limit would hold every later commit: the listener ends,
        // as Sanity ends a channel, and the client may open a narrower one.
        ended = true
        const message = (error as Error).message
        res.end(`event: channelError\ndata: ${JSON.stringify({message})}\n\n`)
        return
      }
      const changes = candidates.filter((_, i) => found[2 * i] || found[2 * i + 1])
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
    () => {
      unsubscribe()
      release()
    },
  )
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
