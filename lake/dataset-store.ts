import {makeView} from './dataset-views.ts'
import {randomId, type SanityDocument} from './documents.ts'
import {applyTransaction, type MutationResult} from './mutations.ts'
import {DatasetFiles} from './persistence.ts'
import {parseQuery, runQuery} from './query.ts'

export interface CommitResult {
  transactionId: string
  results: MutationResult[]
}

/** One document a committed transaction changed: `null` where it did not exist. */
export interface DocumentChange {
  id: string
  before: SanityDocument | null
  after: SanityDocument | null
}

/** What listeners (`/data/listen`) hear after each durable transaction. */
export interface CommitEvent {
  transactionId: string
  timestamp: string
  changes: DocumentChange[]
}

export interface TransactOptions {
  dryRun?: boolean
  /** The caller's own id (the Studio sends one to recognise its edits coming back). */
  transactionId?: string
}

// Compact once the log outgrows this, so a restart replays little.
const COMPACT_AT_BYTES = 16 * 1024 * 1024

/**
 * One dataset, held in memory and made durable through DatasetFiles. Transactions run
 * one at a time through a queue, which is what makes 200 concurrent `inc` of one field
 * add up to exactly 200. Queries run in the query workers, over copies that follow
 * every commit (see query-pool.ts).
 */
export class DatasetStore {
  private readonly docs: Map<string, SanityDocument>
  private readonly listeners = new Set<(event: CommitEvent) => void>()
  private queue: Promise<unknown> = Promise.resolve()
  private closed = false
  private closing: Promise<void> | undefined

  private constructor(
    private readonly files: DatasetFiles,
    private readonly assetBaseUrl: string | undefined,
    readOnly: boolean,
  ) {
    this.docs = files.load(!readOnly)
    for (const doc of this.docs.values()) this.withAssetUrl(doc)
  }

  /** `assetBaseUrl` is the lake's own URL: asset documents carry absolute URLs to it. */
  static open(dir: string, assetBaseUrl?: string): DatasetStore {
    return new DatasetStore(new DatasetFiles(dir), assetBaseUrl, false)
  }

  /** Reads what is on disk without repairing or writing anything (for export). */
  static read(dir: string): DatasetStore {
    return new DatasetStore(new DatasetFiles(dir), undefined, true)
  }

  get isEmpty(): boolean {
    return !this.files.hasData()
  }

  get size(): number {
    return this.docs.size
  }

  get(id: string): SanityDocument | undefined {
    return this.docs.get(id)
  }

  all(): IterableIterator<SanityDocument> {
    return this.docs.values()
  }

  /** Calls `listener` after every committed transaction until the returned function is called. */
  subscribe(listener: (event: CommitEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Runs a transaction after every earlier one; the answer comes after its log fsync. */
  transact(body: unknown, options: TransactOptions = {}): Promise<CommitResult> {
    return this.transactWith(() => body, options)
  }

  /**
   * Like `transact`, with the body made from the documents as they are when the transaction
   * runs, so that what it reads cannot change before it writes (document actions need this).
   * A `null` body writes nothing.
   */
  transactWith(
    build: (get: (id: string) => SanityDocument | undefined) => unknown,
    options: TransactOptions = {},
  ): Promise<CommitResult> {
    return this.enqueue(async () => {
      const transactionId = options.transactionId ?? randomId()
      const now = new Date()
      const body = build((id) => this.docs.get(id))
      if (body === null) return {transactionId, results: []}
      const {writes, results} = await applyTransaction(body, {
        transactionId,
        now,
        get: (id) => this.docs.get(id),
        all: (pending) => {
          const merged = new Map(this.docs)
          for (const [id, doc] of pending) {
            if (doc) merged.set(id, doc)
            else merged.delete(id)
          }
          return [...merged.values()]
        },
        select: async (query, params, docs) => {
          const result = await runQuery(parseQuery(query, params), params, makeView(docs))
          const list = Array.isArray(result) ? result : [result]
          return list.flatMap((doc) =>
            doc && typeof (doc as SanityDocument)._id === 'string'
              ? [(doc as SanityDocument)._id]
              : [],
          )
        },
      })
      for (const doc of writes.values()) if (doc) this.withAssetUrl(doc)
      if (!options.dryRun && writes.size > 0) this.commit(transactionId, now, writes)
      return {transactionId, results}
    })
  }

  /** Stores a whole seed at once as the first snapshot. */
  importAll(docs: SanityDocument[]): Promise<void> {
    return this.enqueue(async () => {
      for (const doc of docs) this.docs.set(doc._id, this.withAssetUrl(doc))
      this.files.compact(this.docs.values())
    })
  }

  /** Waits for queued transactions, folds the log into the snapshot, closes files. */
  close(): Promise<void> {
    this.closing ??= this.enqueue(async () => {
      this.closed = true
      if (this.files.logSize > 0) this.files.compact(this.docs.values())
      this.files.close()
    })
    return this.closing
  }

  private commit(
    transactionId: string,
    now: Date,
    writes: Map<string, SanityDocument | null>,
  ): void {
    this.files.append({transactionId, writes: [...writes]})
    const changes: DocumentChange[] = []
    for (const [id, doc] of writes) {
      changes.push({id, before: this.docs.get(id) ?? null, after: doc})
      if (doc) this.docs.set(id, doc)
      else this.docs.delete(id)
    }
    const event: CommitEvent = {transactionId, timestamp: now.toISOString(), changes}
    for (const listener of this.listeners) listener(event)
    if (this.files.logSize > COMPACT_AT_BYTES) {
      try {
        this.files.compact(this.docs.values())
      } catch {
        // The transaction is already safe in the log; compaction is retried on the next write.
      }
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('Dataset is closed'))
    const run = this.queue.then(task)
    this.queue = run.catch(() => undefined)
    return run
  }

  private withAssetUrl(doc: SanityDocument): SanityDocument {
    if (
      this.assetBaseUrl &&
      (doc._type === 'sanity.imageAsset' || doc._type === 'sanity.fileAsset') &&
      typeof doc.path === 'string'
    ) {
      doc.url = `${this.assetBaseUrl}/${doc.path}`
    }
    return doc
  }
}
