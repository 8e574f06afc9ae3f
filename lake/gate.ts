import {LakeError} from './errors.ts'

/**
 * Lets at most `slots` tasks run at once; the others wait in order, at most `maxWaiting`
 * of them and each at most `waitMs`. A caller turned away gets a 429 in Sanity's error
 * shape, so a flood of work is refused quickly instead of piling up memory and latency.
 */
export class Gate {
  private running = 0
  private readonly waiting: Array<{start: () => void; timer: NodeJS.Timeout}> = []

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    private readonly waitMs: number,
    private readonly what: string,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter()
    try {
      return await task()
    } finally {
      this.running--
      this.waiting.shift()?.start()
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.slots) {
      this.running++
      return Promise.resolve()
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(this.busy())
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer)
          this.running++
          resolve()
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1)
          reject(this.busy())
        }, this.waitMs),
      }
      this.waiting.push(entry)
    })
  }

  private busy(): LakeError {
    return new LakeError(
      429,
      'rateLimitedError',
      `Too many ${this.what} at once: try again in a moment`,
    )
  }
}
