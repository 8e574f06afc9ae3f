import type {ServerResponse} from 'node:http'
import {syncTag, type DataRequest} from './data-api.ts'
import {hasPath} from './documents.ts'
import {badRequest, unauthorized} from './errors.ts'
import {isAuthorized, startEventStream} from './http.ts'

/**
 * `GET /v{ver}/data/live/events/{dataset}`: Sanity's Live Content API as server-sent
 * events: a `welcome`, then a `message` per commit with the sync tags of the query answers
 * it may change. Every answer carries the dataset's one tag, so a reader refetches after
 * any change it can see: with `includeDrafts=true` (token needed) every commit, else
 * those that change a published document.
 */
export function handleLiveEvents(
  {req, res, url, store, tokens, sanity}: DataRequest,
  open: Set<ServerResponse>,
): void {
  const authorized = isAuthorized(req, tokens)
  const includeDrafts = url.searchParams.get('includeDrafts') === 'true'
  if (includeDrafts && !authorized) throw unauthorized('Unauthorized - includeDrafts needs a token')
  if (url.searchParams.has('waitFor'))
    throw badRequest('`waitFor` is not supported by the local lake')
  const tags = [syncTag(sanity.dataset)]
  const unsubscribe = store.subscribe((event) => {
    if (!includeDrafts && event.changes.every((change) => hasPath(change.id))) return
    res.write(
      `id: ${event.transactionId}\nevent: message\ndata: ` +
        `${JSON.stringify({id: event.transactionId, tags})}\n\n`,
    )
  })
  startEventStream(res, open, 'event: welcome\ndata: {}\n\n', unsubscribe)
}
