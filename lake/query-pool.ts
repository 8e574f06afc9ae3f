import {Worker} from 'node:worker_threads'
import type {DatasetStore} from './dataset-store.ts'
import {LakeError} from './errors.ts'
import type {MatchJob, QueryJob, WorkerMessage, WorkerReply} from './query-worker.ts'

export interface QueryPoolOptions {
  /** How many workers run: the second starts once the first is ready, as a spare. */
  maxWorkers?: number
  /** A query still running after this long is stopped and answered with a 400. */
  timeLimitMs?: number
  /** The same for a listener's filter over one commit's documents (MATCH_TIME_LIMIT_MS). */
  matchTimeLimitMs?: number
}

export const DEFAULT_QUERY_TIME_LIMIT_MS = 10_000

/**
 * How many queries one client without a token (an address) may have queued or running at
 * once; past it a 429. Locally every function call reads the lake without a token from the
 * one loopback address, afresh each time (netlify-cli starts each call in a new worker), so
 * a burst of 50 registrations must fit. Waiting queries take turns by client (`nextTurn`):
 * a client holding queries at the time limit keeps at most the two workers busy, and its
 * queue never goes ahead of everyone else's.
 */
export const MAX_QUERIES_PER_CLIENT = 64

/**
 * How long a listener's filter may take over one commit's documents. Its cost is bounded
 * when the listener opens (listen.ts) to about 1.5 ms a document; this is the backstop.
 */
export const MATCH_TIME_LIMIT_MS = 1000

interface Pending {
  id: number
  /** Who asked: a client's queries are counted and take turns with other clients'. */
  client: string
  job: QueryJob | MatchJob
  timeLimitMs: number
  resolve: (json: string) => void
  reject: (error: Error) => void
}

interface Slot {
  worker: Worker
  /** Whether the worker has loaded: one that fails before that is not restarted. */
  started: boolean
  /** The time limit runs from when the worker can start on the query, not from its boot. */
  running: (Pending & {timer: NodeJS.Timeout | undefined}) | undefined
}

// The worker is TypeScript: each one registers tsx's loader before importing it, so it
// starts the same under `tsx` and under vitest.
const TSX_API = import.meta.resolve('tsx/esm/api')
const WORKER_MODULE = new URL('./query-worker.ts', import.meta.url).href
const BOOTSTRAP =
  `import(${JSON.stringify(TSX_API)}).then(({register}) => { ` +
  `register(); return import(${JSON.stringify(WORKER_MODULE)}) })`

/**
 * Runs GROQ queries in worker threads, so that the lake's HTTP server keeps answering
 * while a query evaluates, and a query that runs too long can be stopped: its worker is
 * terminated and a fresh one takes its place. Each worker keeps a copy of the datasets;
 * every commit is forwarded to every worker before the transaction is acknowledged, and
 * a worker handles its messages in order, so a query sees every write acknowledged
 * before it was sent.
 */
export class QueryPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private readonly stores = new Map<string, DatasetStore>()
  private readonly maxWorkers: number
  private readonly timeLimitMs: number
  private readonly matchTimeLimitMs: number
  private nextId = 1
  /** Queries queued or running, by client. */
  private readonly perClient = new Map<string, number>()
  private closed = false

  constructor(options: QueryPoolOptions = {}) {
    this.maxWorkers = Math.max(1, options.maxWorkers ?? 2)
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_QUERY_TIME_LIMIT_MS
    this.matchTimeLimitMs = options.matchTimeLimitMs ?? MATCH_TIME_LIMIT_MS
    // Started at once, so that the first query does not wait for a boot; the others follow it.
    this.slots.push(this.spawn())
  }

  /**
   * Evaluates a query over the dataset `store` holds; resolves to the answer's fields as
   * JSON text (see WorkerReply). `anonymousClient`: the address of a caller without a token.
   */
  run(store: DatasetStore, job: QueryJob, anonymousClient?: string): Promise<string> {
    if (this.closed)
      return Promise.reject(new LakeError(503, 'serviceUnavailable', 'The lake is shutting down'))
    // Callers with a token (the Studio, the functions) are trusted, as with the cost limit:
    // not capped, and taking turns as one client.
    const client = anonymousClient === undefined ? '' : `anonymous ${anonymousClient}`
    const count = this.perClient.get(client) ?? 0
    if (anonymousClient !== undefined && count >= MAX_QUERIES_PER_CLIENT)
      return Promise.reject(
        new LakeError(
          429,
          'rateLimitedError',
          `Too many queries at once from this client (at most ${MAX_QUERIES_PER_CLIENT}): ` +
            'wait for an answer first',
        ),
      )
    this.perClient.set(client, count + 1)
    this.follow(job.dataset, store)
    const done = () => {
      const left = (this.perClient.get(client) ?? 1) - 1
      if (left > 0) this.perClient.set(client, left)
      else this.perClient.delete(client)
    }
    return this.enqueue(client, job, this.timeLimitMs).finally(done)
  }

  /**
   * Which of `job.docs` a listener's filter matches, evaluated off the main thread like a
   * query and stopped at its own time limit (matchTimeLimitMs). Not counted against a client's queries: the
   * listeners themselves are capped, and a commit asks for every open one at once.
   */
  async match(job: MatchJob, client: string): Promise<boolean[]> {
    if (this.closed) throw new LakeError(503, 'serviceUnavailable', 'The lake is shutting down')
    const json = await this.enqueue(`listener ${client}`, job, this.matchTimeLimitMs)
    return (JSON.parse(`{${json}}`) as {matches: boolean[]}).matches
  }

  private enqueue(client: string, job: QueryJob | MatchJob, timeLimitMs: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.queue.push({id: this.nextId++, client, job, timeLimitMs, resolve, reject})
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    for (const pending of this.queue.splice(0))
      pending.reject(new LakeError(503, 'serviceUnavailable', 'The lake is shutting down'))
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.running) {
          clearTimeout(slot.running.timer)
          slot.running.reject(new LakeError(503, 'serviceUnavailable', 'The lake is shutting down'))
        }
        return slot.worker.terminate()
      }),
    )
  }

  /** Gives every worker the dataset once, then each of its commits. */
  private follow(name: string, store: DatasetStore): void {
    if (this.stores.get(name) === store) return
    this.stores.set(name, store)
    const load: WorkerMessage = {type: 'load', dataset: name, docs: [...store.all()]}
    for (const slot of this.slots) slot.worker.postMessage(load)
    store.subscribe((event) => {
      if (this.stores.get(name) !== store) return
      const commit: WorkerMessage = {
        type: 'commit',
        dataset: name,
        writes: event.changes.map(({id, after}) => [id, after]),
      }
      for (const slot of this.slots) slot.worker.postMessage(commit)
    })
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.running)
      if (!slot && this.slots.length < this.maxWorkers) {
        slot = this.spawn()
        this.slots.push(slot)
      }
      if (!slot) return
      const pending = this.queue.splice(this.nextTurn(), 1)[0] as Pending
      slot.running = {...pending, timer: slot.started ? this.limit(slot, pending) : undefined}
      const message: WorkerMessage = {type: 'query', id: pending.id, job: pending.job}
      slot.worker.postMessage(message)
    }
  }

  /**
   * Which waiting query goes next: the oldest of a client with the fewest running, so that
   * a client with many queries waiting does not keep the others' behind its own.
   */
  private nextTurn(): number {
    const running = new Map<string, number>()
    for (const slot of this.slots)
      if (slot.running)
        running.set(slot.running.client, (running.get(slot.running.client) ?? 0) + 1)
    let best = 0
    for (let i = 1; i < this.queue.length; i++) {
      const turns = (p: Pending | undefined) => running.get(p?.client ?? '') ?? 0
      if (turns(this.queue[i]) < turns(this.queue[best])) best = i
    }
    return best
  }

  private spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, {eval: true, name: 'lake-query'})
    // The HTTP server keeps the process alive; an idle worker must not.
    worker.unref()
    const slot: Slot = {worker, started: false, running: undefined}
    for (const [name, store] of this.stores)
      worker.postMessage({
        type: 'load',
        dataset: name,
        docs: [...store.all()],
      } satisfies WorkerMessage)
    worker.on('message', (answer: WorkerReply) => {
      if (answer.type === 'ready') {
        slot.started = true
        if (slot.running) slot.running.timer ??= this.limit(slot, slot.running)
        // A warm spare, so that a query sent while another runs long does not wait for a boot.
        if (!this.closed && this.slots.length < this.maxWorkers) this.slots.push(this.spawn())
        return
      }
      const running = slot.running
      if (!running || running.id !== answer.id) return
      clearTimeout(running.timer)
      slot.running = undefined
      if (answer.ok) running.resolve(answer.json)
      else
        running.reject(
          new LakeError(answer.status, answer.errorType, answer.description, answer.extra),
        )
      this.dispatch()
    })
    worker.on('error', (error) =>
      this.replace(slot, new Error(`Query worker failed: ${error.message}`)),
    )
    worker.on('exit', () => this.replace(slot, new Error('Query worker exited')))
    return slot
  }

  private limit(slot: Slot, pending: Pending): NodeJS.Timeout {
    return setTimeout(() => this.stop(slot, pending), pending.timeLimitMs)
  }

  /** The time limit passed: the only way to stop synchronous evaluation is to end its thread. */
  private stop(slot: Slot, pending: Pending): void {
    if (slot.running?.id !== pending.id) return
    const seconds = pending.timeLimitMs / 1000
    this.replace(
      slot,
      new LakeError(
        400,
        'queryTimeLimitError',
        `Query stopped after the time limit of ${seconds} s: narrow its filters or nested scans`,
      ),
    )
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot)
    if (index === -1) return
    if (slot.running) {
      clearTimeout(slot.running.timer)
      slot.running.reject(error)
      slot.running = undefined
    }
    this.slots.splice(index, 1)
    slot.worker.removeAllListeners().on('error', () => undefined)
    void slot.worker.terminate()
    if (this.closed) return
    if (!slot.started) {
      // A worker that cannot even load would fail again at once: no restart. What waits
      // goes to the others, or gets the error when there are none.
      if (this.slots.length === 0) for (const pending of this.queue.splice(0)) pending.reject(error)
      else this.dispatch()
      return
    }
    this.slots.push(this.spawn())
    this.dispatch()
  }
}
