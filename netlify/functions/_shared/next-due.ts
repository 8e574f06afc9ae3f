import {AsyncLocalStorage} from 'node:async_hooks'
import {randomUUID} from 'node:crypto'
import {operationsStore} from './operations-store.ts'

/*
 * When each frequent schedule next has work in the database, kept in Blobs so that a run with
 * nothing due lists a few keys and leaves the database alone: its compute suspends after 5
 * idle minutes, which a query every minute would never allow.
 *
 * A time is a key of its own, `next-due/<work>/<ISO time>~<id>`, never rewritten: a request
 * that stored work adds one after its statement (markDue); a run lists them, and when it is
 * due does the work, reads the next due time from the database, adds it (`~run-<id>`), and
 * deletes the keys it listed (their work was in the database it read). A key added during the
 * run is not in its list and stays. So no write races another, and none can hide work.
 * Without a run's key (none yet, or forgotten) nothing is known of the database, and keys
 * that cannot be listed tell nothing: both mean "due now", so no text waits on Blobs.
 */

export type ScheduledWork = 'texts' | 'leads' | 'no-shows'

/** The markers of a work as a run listed them. */
export interface NextDue {
  /** The earliest time listed; null when unknown (none, or they could not be listed): run. */
  at: number | null
  /** The keys listed: a run that did all that was due deletes them. */
  keys: string[]
  /** Whether the store answered. */
  read: boolean
}

/**
 * A run goes to the database at least this often, whatever its markers say: the safety sweep
 * for work whose marker was not added (a request cut off between its statement and its mark,
 * a failed write to Blobs). Every 3 hours keeps the database asleep most of a quiet day.
 */
export const SAFETY_SWEEP_MS = 3 * 60 * 60_000

/** Markers a run deletes at a time. */
const DELETES_AT_ONCE = 25

/** The work whose run the current call is part of. */
const running = new AsyncLocalStorage<ScheduledWork>()

const prefixOf = (work: ScheduledWork) => `next-due/${work}/`

const partsOf = (key: string, work: ScheduledWork) => {
  const [time = '', id = ''] = key.slice(prefixOf(work).length).split('~')
  return {at: Date.parse(time), run: id.startsWith(RUN_ID)}
}

/**
 * Where no Blobs environment is set up (a unit test of something else) there are no markers:
 * every run goes to the database and a request marks nothing. Netlify and the local stack
 * always set one up.
 */
const noBlobs = (error: unknown) => (error as Error | null)?.name === 'MissingBlobsEnvironmentError'

/** A run's key says it read the database; a request's only that it stored work. */
const RUN_ID = 'run-'

async function addMarker(work: ScheduledWork, at: number, by: 'run' | 'request'): Promise<void> {
  const id = `${by === 'run' ? RUN_ID : ''}${randomUUID()}`
  await operationsStore().set(`${prefixOf(work)}${new Date(at).toISOString()}~${id}`, '')
}

/**
 * The markers of `work`: the earliest time, or unknown (which means run) without a run's key
 * or when they cannot be listed.
 */
export async function readNextDue(work: ScheduledWork): Promise<NextDue> {
  try {
    const {blobs} = await operationsStore().list({prefix: prefixOf(work)})
    const keys = blobs.map((blob) => blob.key)
    const parts = keys.map((key) => partsOf(key, work)).filter(({at}) => Number.isFinite(at))
    const known = parts.some(({run}) => run)
    return {at: known ? Math.min(...parts.map(({at}) => at)) : null, keys, read: true}
  } catch (error) {
    if (!noBlobs(error))
      console.error(`next-due: ${work} could not be listed; the run goes to the database`, error)
    return {at: null, keys: [], read: false}
  }
}

/** Whether a run at `now` has nothing due: the markers were listed and say so. */
export const nothingDue = (due: NextDue, now: number): boolean => due.at !== null && due.at > now

/**
 * After a request stored work of `work` due at `at` (after its statement): a run comes then.
 * Within a run of `work` it does nothing: the run reads its next due time from the database
 * at its end. Never throws: a mark not added is found by the safety sweep.
 */
export async function markDue(work: ScheduledWork, at: number): Promise<void> {
  if (running.getStore() === work) return
  try {
    await addMarker(work, at, 'request')
  } catch (error) {
    if (!noBlobs(error)) console.error(`next-due: ${work} could not be marked`, error)
  }
}

/**
 * What a run did: its result, and the next due time it read from the database after the work
 * (null: nothing due), or undefined when it could not do all that was due (a failure, a limit
 * reached): the work is then due again at once.
 */
export interface DueRun<T> {
  result: T
  nextAt: number | null | undefined
}

export type JobRun<T> =
  {ran: false; nextDueAt: string} | {ran: true; result: T; nextDueAt: string | null}

/**
 * One run of a scheduled job kept asleep by its markers: with nothing due it answers without
 * touching the database; otherwise `run` does the work, the next due time it found (at most
 * SAFETY_SWEEP_MS away) is marked, and the markers listed before the work are deleted.
 * `always` runs whatever the markers say (a job on a daily schedule that shares them).
 */
export async function runWhenDue<T>(
  work: ScheduledWork,
  run: () => Promise<DueRun<T>>,
  {clock = Date.now, always = false}: {clock?: () => number; always?: boolean} = {},
): Promise<JobRun<T>> {
  const seen = await readNextDue(work)
  if (!always && nothingDue(seen, clock())) {
    return {ran: false, nextDueAt: new Date(seen.at!).toISOString()}
  }
  let done: DueRun<T>
  try {
    done = await running.run(work, run)
  } catch (error) {
    await markDue(work, clock())
    throw error
  }
  const {result, nextAt} = done
  if (nextAt === undefined) {
    // What is left is due now: the next run takes it.
    await markDue(work, clock())
    return {ran: true, result, nextDueAt: null}
  }
  const at = Math.min(nextAt ?? Infinity, clock() + SAFETY_SWEEP_MS)
  try {
    await addMarker(work, at, 'run')
    const store = operationsStore()
    // A burst of requests leaves a key each: they go a batch at a time, not one by one.
    for (let i = 0; i < seen.keys.length; i += DELETES_AT_ONCE)
      await Promise.all(seen.keys.slice(i, i + DELETES_AT_ONCE).map((key) => store.delete(key)))
  } catch (error) {
    // A key left over only brings a run sooner: at worst one that finds nothing due.
    if (!noBlobs(error)) console.error(`next-due: ${work} could not be set`, error)
  }
  return {ran: true, result, nextDueAt: new Date(at).toISOString()}
}
