import {randomBytes} from 'node:crypto'
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import {join} from 'node:path'

/** What the rendered variants of one dataset's images may take on disk, by default. */
export const DEFAULT_IMAGE_CACHE_BYTES = 256 * 1024 * 1024

interface Entry {
  size: number
  /** When the variant was last written or served: the least recent goes first. */
  usedAt: number
}

/**
 * The rendered image variants of one dataset, kept in a folder up to a total size: past
 * it, the variants served least recently are deleted. Any combination of parameters
 * renders a new variant, so without the cap a loop over `bg=` values alone could fill the
 * disk. The last use of a variant is its file's modification time, so the order survives
 * a restart.
 */
export class ImageCache {
  private entries: Map<string, Entry> | undefined
  private total = 0
  private clock = 0

  constructor(
    readonly dir: string,
    private readonly maxBytes = DEFAULT_IMAGE_CACHE_BYTES,
  ) {}

  /** The variant's bytes, or undefined when it is not (or no longer) cached. */
  get(name: string): Buffer | undefined {
    const entry = this.index().get(name)
    if (!entry) return undefined
    let data: Buffer
    try {
      data = readFileSync(join(this.dir, name))
    } catch {
      this.forget(name)
      return undefined
    }
    entry.usedAt = this.tick()
    try {
      utimesSync(join(this.dir, name), new Date(), new Date(entry.usedAt))
    } catch {
      // Only the order after a restart depends on it.
    }
    return data
  }

  put(name: string, data: Buffer): void {
    const entries = this.index()
    mkdirSync(this.dir, {recursive: true})
    const file = join(this.dir, name)
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
    writeFileSync(tmp, data)
    renameSync(tmp, file)
    this.forget(name)
    entries.set(name, {size: data.length, usedAt: this.tick()})
    this.total += data.length
    this.evict()
  }

  /** The bytes the cached variants take. */
  get size(): number {
    this.index()
    return this.total
  }

  private evict(): void {
    if (this.total <= this.maxBytes) return
    const oldestFirst = [...this.index()].sort(([, a], [, b]) => a.usedAt - b.usedAt)
    for (const [name] of oldestFirst) {
      if (this.total <= this.maxBytes) break
      rmSync(join(this.dir, name), {force: true})
      this.forget(name)
    }
  }

  private forget(name: string): void {
    const entry = this.entries?.get(name)
    if (!entry) return
    this.entries?.delete(name)
    this.total -= entry.size
  }

  /**
   * Milliseconds, made strictly increasing so that two uses in one millisecond keep their order.
   */
  private tick(): number {
    this.clock = Math.max(this.clock + 1, Date.now())
    return this.clock
  }

  private index(): Map<string, Entry> {
    if (this.entries) return this.entries
    this.entries = new Map()
    let names: string[] = []
    try {
      names = readdirSync(this.dir)
    } catch {
      return this.entries
    }
    for (const name of names) {
      const file = join(this.dir, name)
      try {
        // A write cut short by a crash leaves a temporary file nobody will use.
        if (name.endsWith('.tmp')) {
          rmSync(file, {force: true})
          continue
        }
        const stat = statSync(file)
        this.entries.set(name, {size: stat.size, usedAt: stat.mtimeMs})
        this.total += stat.size
        this.clock = Math.max(this.clock, stat.mtimeMs)
      } catch {
        // Deleted meanwhile.
      }
    }
    this.evict()
    return this.entries
  }
}
