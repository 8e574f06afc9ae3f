import {afterEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {markDue, readNextDue, runWhenDue, SAFETY_SWEEP_MS, type DueRun} from './next-due.ts'

const NOW = Date.parse('2026-11-26T03:00:00Z')
const MINUTE = 60_000

describe('the schedules’ next-due markers', () => {
  withTestBlobs()
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })
  let now = NOW
  const clock = () => now

  /** A run that counts itself and finds its next work `nextAt`. */
  function job(nextAt: DueRun<number>['nextAt']) {
    const runs = {count: 0}
    const run = () =>
      runWhenDue(
        'texts',
        async () => {
          runs.count++
          return {result: runs.count, nextAt}
        },
        {clock},
      )
    return {runs, run}
  }

  it('runs when no marker exists, then sleeps until the next due time it read', async () => {
    now = NOW
    const {runs, run} = job(NOW + 10 * MINUTE)
    expect(await readNextDue('texts')).toEqual({at: null, keys: [], read: true})
    expect(await run()).toEqual({
      ran: true,
      result: 1,
      nextDueAt: new Date(NOW + 10 * MINUTE).toISOString(),
    })
    for (let minute = 1; minute < 10; minute++) {
      now = NOW + minute * MINUTE
      expect(await run()).toMatchObject({ran: false})
    }
    now = NOW + 10 * MINUTE
    expect(await run()).toMatchObject({ran: true})
    expect(runs.count).toBe(2)
  })

  it('goes to the database at least every 3 hours with nothing due (the safety sweep)', async () => {
    now = NOW
    const {run} = job(null)
    await run()
    expect((await readNextDue('texts')).at).toBe(NOW + SAFETY_SWEEP_MS)
  })

  it('runs again at once after a run that could not do all that was due', async () => {
    now = NOW
    await job(NOW + 60 * MINUTE).run()
    now += MINUTE
    const {runs, run} = job(undefined)
    await markDue('texts', now)
    await run()
    await run()
    expect(runs.count).toBe(2)
  })

  it('a request’s mark brings the run sooner, never later', async () => {
    now = NOW
    await job(NOW + 60 * MINUTE).run()
    await markDue('texts', NOW + 5 * MINUTE)
    expect((await readNextDue('texts')).at).toBe(NOW + 5 * MINUTE)
    await markDue('texts', NOW + 30 * MINUTE)
    expect((await readNextDue('texts')).at).toBe(NOW + 5 * MINUTE)
  })

  it('a request’s mark alone does not put a job to sleep: the database is unknown till a run', async () => {
    now = NOW
    await markDue('no-shows', NOW + 24 * 60 * MINUTE)
    expect((await readNextDue('no-shows')).at).toBeNull()
    expect(
      await runWhenDue('no-shows', async () => ({result: 0, nextAt: NOW + MINUTE}), {clock}),
    ).toMatchObject({ran: true})
  })

  it('a run forgets the marks it read once their work is done', async () => {
    now = NOW
    await markDue('leads', NOW)
    await markDue('leads', NOW + MINUTE)
    await runWhenDue('leads', async () => ({result: 0, nextAt: NOW + 30 * MINUTE}), {clock})
    const left = await readNextDue('leads')
    expect(left.keys).toHaveLength(1)
    expect(left.at).toBe(NOW + 30 * MINUTE)
  })

  it('a run keeps the mark a request added while it ran', async () => {
    now = NOW
    await job(NOW).run()
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    let finish!: () => void
    const finishing = new Promise<void>((resolve) => (finish = resolve))
    const run = runWhenDue(
      'texts',
      async () => {
        started()
        await finishing
        // What the run read from the database before the request stored its work.
        return {result: 0, nextAt: NOW + 2 * 60 * MINUTE}
      },
      {clock},
    )
    await running
    // A request stores a text due in 5 minutes while the run is at work, and marks it.
    await markDue('texts', NOW + 5 * MINUTE)
    finish()
    await run
    expect((await readNextDue('texts')).at).toBe(NOW + 5 * MINUTE)
  })

  it('within a run, its own work’s marks wait for the run’s end (no write per send)', async () => {
    now = NOW
    await job(NOW).run()
    const reads: number[] = []
    await runWhenDue(
      'texts',
      async () => {
        await markDue('texts', NOW + MINUTE)
        reads.push((await readNextDue('texts')).at!)
        return {result: 0, nextAt: NOW + 20 * MINUTE}
      },
      {clock},
    )
    expect(reads).toEqual([NOW])
    expect((await readNextDue('texts')).at).toBe(NOW + 20 * MINUTE)
  })

  it('runs when the store cannot be read, and writes nothing', async () => {
    now = NOW
    // A Blobs server where nothing listens.
    const nowhere = 'http://127.0.0.1:9'
    const context = {siteID: 'test-site', token: 'x', edgeURL: nowhere, uncachedEdgeURL: nowhere}
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'))
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const {runs, run} = job(NOW + 60 * MINUTE)
    expect(await run()).toMatchObject({ran: true})
    expect(await run()).toMatchObject({ran: true})
    expect(runs.count).toBe(2)
    expect(quiet).toHaveBeenCalledWith(
      expect.stringContaining('could not be listed; the run goes to the database'),
      expect.anything(),
    )
  })

  it('runs and marks nothing without a Blobs environment', async () => {
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', '')
    const quiet = vi.spyOn(console, 'error')
    const {runs, run} = job(NOW + 60 * MINUTE)
    await run()
    await markDue('texts', NOW)
    await run()
    expect(runs.count).toBe(2)
    expect(quiet).not.toHaveBeenCalled()
  })
})
