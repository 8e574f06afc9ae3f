import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import {join} from 'node:path'
import type {SanityDocument} from './documents.ts'

/** One committed transaction as it is logged: the documents it wrote (null = deleted). */
export interface LoggedTransaction {
  transactionId: string
  writes: Array<[id: string, doc: SanityDocument | null]>
}

const SNAPSHOT = 'snapshot.ndjson'
const WAL = 'wal.ndjson'

/**
 * A dataset on disk: a snapshot (NDJSON of every document, replaced by atomic rename)
 * plus a write-ahead log of the transactions since. A transaction is acknowledged only
 * after its log line is fsynced, so a `kill -9` at any moment loses nothing that was
 * acknowledged; a torn last line (a write that was never acknowledged) is cut off on load.
 * Log lines hold the documents as written, so replaying one twice is harmless: that is
 * what makes a crash between snapshot rename and log truncation safe.
 */
export class DatasetFiles {
  private walFd: number | undefined
  private walBytes = 0

  constructor(readonly dir: string) {}

  hasData(): boolean {
    return existsSync(join(this.dir, SNAPSHOT)) || existsSync(join(this.dir, WAL))
  }

  /** Reads snapshot and log; with `repair`, cuts a torn log tail so appends can follow. */
  load(repair: boolean): Map<string, SanityDocument> {
    const docs = new Map<string, SanityDocument>()
    const snapshotFile = join(this.dir, SNAPSHOT)
    if (existsSync(snapshotFile)) {
      for (const line of readFileSync(snapshotFile, 'utf8').split('\n')) {
        if (line === '') continue
        const doc = JSON.parse(line) as SanityDocument
        docs.set(doc._id, doc)
      }
    }
    const walFile = join(this.dir, WAL)
    if (!existsSync(walFile)) return docs
    const wal = readFileSync(walFile)
    let offset = 0
    while (offset < wal.length) {
      const end = wal.indexOf(0x0a, offset)
      let tx: LoggedTransaction | undefined
      if (end !== -1) {
        try {
          tx = JSON.parse(wal.subarray(offset, end).toString('utf8')) as LoggedTransaction
        } catch {
          tx = undefined
        }
      }
      if (!tx) {
        // Only the last line can be torn: anything after it would mean real corruption.
        if (end !== -1 && end + 1 < wal.length)
          throw new Error(`Corrupt write-ahead log at byte ${offset}: ${walFile}`)
        break
      }
      for (const [id, doc] of tx.writes) {
        if (doc) docs.set(id, doc)
        else docs.delete(id)
      }
      offset = end + 1
    }
    if (repair && offset < wal.length) {
      const fd = openSync(walFile, 'r+')
      ftruncateSync(fd, offset)
      fsyncSync(fd)
      closeSync(fd)
    }
    this.walBytes = offset
    return docs
  }

  /** Appends and fsyncs one transaction; returns only once it is on disk. */
  append(tx: LoggedTransaction): void {
    if (this.walFd === undefined) {
      mkdirSync(this.dir, {recursive: true})
      const fresh = !existsSync(join(this.dir, WAL))
      this.walFd = openSync(join(this.dir, WAL), 'a')
      if (fresh) fsyncDir(this.dir)
    }
    const line = Buffer.from(`${JSON.stringify(tx)}\n`, 'utf8')
    try {
      let written = 0
      while (written < line.length) written += writeSync(this.walFd, line, written)
      fsyncSync(this.walFd)
    } catch (error) {
      // A half-written line must not stay in front of the next transaction's line.
      ftruncateSync(this.walFd, this.walBytes)
      throw error
    }
    this.walBytes += line.length
  }

  get logSize(): number {
    return this.walBytes
  }

  /** Writes every document to a new snapshot, swaps it in atomically, then empties the log. */
  compact(docs: Iterable<SanityDocument>): void {
    mkdirSync(this.dir, {recursive: true})
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`)
    const fd = openSync(tmp, 'w')
    const chunk: string[] = []
    const flush = () => {
      const buf = Buffer.from(chunk.join(''), 'utf8')
      let written = 0
      while (written < buf.length) written += writeSync(fd, buf, written)
      chunk.length = 0
    }
    for (const doc of docs) {
      chunk.push(`${JSON.stringify(doc)}\n`)
      if (chunk.length >= 1000) flush()
    }
    flush()
    fsyncSync(fd)
    closeSync(fd)
    renameSync(tmp, join(this.dir, SNAPSHOT))
    fsyncDir(this.dir)
    if (this.walFd !== undefined) closeSync(this.walFd)
    this.walFd = openSync(join(this.dir, WAL), 'w')
    fsyncSync(this.walFd)
    this.walBytes = 0
  }

  close(): void {
    if (this.walFd !== undefined) closeSync(this.walFd)
    this.walFd = undefined
  }
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}
