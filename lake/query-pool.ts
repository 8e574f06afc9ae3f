import {Worker} from 'node:worker_threads'
import type {DatasetStore} from './dataset-store.ts'
import {LakeError} from './errors.ts'
import type {QueryJob, WorkerMessage, WorkerReply} from './query-worker.ts'

export interface QueryPoolOptions {
  /** How many workers run: the second starts once the first is ready, as a spare. */
  maxWorkers?: number
  /** A query still running after this long is stopped and answered with a 400. */
  timeLimitMs?: number
}

export const DEFAULT_QUERY_TIME_LIMIT_MS = 10_000

interface Pending {
  id: number
  job: QueryJob
  resolve: (json: string) => void
  reject: (error: Error) => void
}

interface Slot {
  worker: Worker
  /** Whether the worker has loaded: one that fails before that is not restarted. */
  started: boolean
  running: (Pending & {timer: NodeJS.Timeout}) | undefined
}

// The worker is TypeScript: each one registers tsx's loader before importing it, so it
// starts the same under `tsx` and under vitest.
const TSX_API = import.meta.resolve('tsx/esm/api')
const WORKER_MODULE = new URL('./query-worker.ts', import.meta.url).href
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then(({register}) => { register(); return import(${JSON.stringify(WORKER_MODULE)}) })`

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
  private nextId = 1
  private closed = false

  constructor(options: QueryPoolOptions = {}) {
    this.maxWorkers = Math.max(1, options.maxWorkers ?? 2)
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_QUERY_TIME_LIMIT_MS
    // Started at once, so that the first query does not wait for a boot; the others follow it.
    this.slots.push(this.spawn())
  }

  /** Evaluates a query over the dataset `store` holds; resolves to the answer's fields as JSON text (see WorkerReply). */
  run(store: DatasetStore, job: QueryJob): Promise<string> {
    if (this.closed)
      return Promise.reject(new LakeError(503, 'serviceUnavailable', 'The lake is shutting down'))
    this.follow(job.dataset, store)
    return new Promise((resolve, reject) => {
      this.queue.push({id: this.nextId++, job, resolve, reject})
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
      const pending = this.queue.shift() as Pending
      const timer = setTimeout(() => this.stop(slot, pending), this.timeLimitMs)
      slot.running = {...pending, timer}
      const message: WorkerMessage = {type: 'query', id: pending.id, job: pending.job}
      slot.worker.postMessage(message)
    }
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

  /** The time limit passed: the only way to stop synchronous evaluation is to end its thread. */
  private stop(slot: Slot, pending: Pending): void {
    if (slot.running?.id !== pending.id) return
    const seconds = this.timeLimitMs / 1000
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
