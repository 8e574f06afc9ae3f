import {parentPort} from 'node:worker_threads'
import {evaluate} from 'groq-js'
import {DatasetViews, type Perspective} from './dataset-views.ts'
import type {SanityDocument} from './documents.ts'
import {LakeError} from './errors.ts'
import {parseQuery, runQuery} from './query.ts'
import {runQueryWithSourceMap} from './source-maps.ts'

/** What the pool sends a worker; see query-pool.ts. */
export type WorkerMessage =
  | {type: 'load'; dataset: string; docs: SanityDocument[]}
  | {type: 'commit'; dataset: string; writes: Array<[string, SanityDocument | null]>}
  | {type: 'query'; id: number; job: QueryJob | MatchJob}

export interface QueryJob {
  kind?: undefined
  dataset: string
  perspective: Perspective
  authorized: boolean
  query: string
  params: Record<string, unknown>
  sanity: {projectId: string; dataset: string}
  costLimit: number | undefined
  /** Also find where each string of the result came from (source-maps.ts). */
  sourceMap: boolean
}

/**
 * A listener's filter, tried on each of `docs` (the changed documents' versions before and
 * after a commit; null where there is none). Answered as `"matches":[true, false, …]`.
 */
export interface MatchJob {
  kind: 'match'
  filter: string
  params: Record<string, unknown>
  docs: Array<SanityDocument | null>
}

/**
 * What a worker sends back: that it is ready, then per query the answer's fields as JSON
 * text (`"result":…` and, when asked for, `"resultSourceMap":…`) or the lake error to send.
 */
export type WorkerReply =
  | {type: 'ready'}
  | {type: 'answer'; id: number; ok: true; json: string}
  | {
      type: 'answer'
      id: number
      ok: false
      status: number
      errorType: string
      description: string
      extra: Record<string, unknown>
    }

/**
 * A query worker: a copy of every dataset of the lake, kept current by the commits the
 * main thread forwards in order, and GROQ evaluated over it one query at a time. A query
 * that runs too long is stopped by terminating the whole worker (see query-pool.ts).
 */
const datasets = new Map<string, {docs: Map<string, SanityDocument>; views: DatasetViews}>()

function replica(name: string) {
  const found = datasets.get(name)
  if (!found) throw new Error(`Dataset ${name} was never loaded into this query worker`)
  return found
}

async function matches(job: MatchJob): Promise<boolean[]> {
  const tree = parseQuery(job.filter, job.params)
  return Promise.all(
    job.docs.map(async (doc) => {
      if (!doc) return false
      const result = await (await evaluate(tree, {dataset: [doc], params: job.params})).get()
      return Array.isArray(result) ? result.length > 0 : Boolean(result)
    }),
  )
}

async function answer(id: number, job: QueryJob | MatchJob): Promise<WorkerReply> {
  try {
    if (job.kind === 'match')
      return {type: 'answer', id, ok: true, json: `"matches":${JSON.stringify(await matches(job))}`}
    const tree = parseQuery(job.query, job.params)
    const view = replica(job.dataset).views.view(job.perspective, job.authorized)
    const options = {sanity: job.sanity, costLimit: job.costLimit}
    if (job.sourceMap) {
      const {result, sourceMap} = await runQueryWithSourceMap(tree, job.params, view, options)
      return {
        type: 'answer',
        id,
        ok: true,
        json:
          `"result":${JSON.stringify(result ?? null)}` +
          `,"resultSourceMap":${JSON.stringify(sourceMap)}`,
      }
    }
    const result = await runQuery(tree, job.params, view, options)
    return {type: 'answer', id, ok: true, json: `"result":${JSON.stringify(result ?? null)}`}
  } catch (error) {
    if (error instanceof LakeError)
      return {
        type: 'answer',
        id,
        ok: false,
        status: error.status,
        errorType: error.type,
        description: error.message,
        extra: error.extra,
      }
    throw error
  }
}

parentPort?.on('message', (message: WorkerMessage) => {
  switch (message.type) {
    case 'load': {
      const docs = new Map(message.docs.map((doc) => [doc._id, doc]))
      datasets.set(message.dataset, {docs, views: new DatasetViews(docs)})
      return
    }
    case 'commit': {
      const {docs, views} = replica(message.dataset)
      for (const [id, doc] of message.writes) {
        if (doc) docs.set(id, doc)
        else docs.delete(id)
      }
      views.changed()
      return
    }
    case 'query':
      // Anything but a LakeError is a bug: let it end the worker, the pool answers 500.
      void answer(message.id, message.job).then((reply) => parentPort?.postMessage(reply))
      return
  }
})

parentPort?.postMessage({type: 'ready'} satisfies WorkerReply)
