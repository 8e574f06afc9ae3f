import {setting, type Env} from '#config/settings.ts'
import {
  afterBuildAnnounced,
  afterBuildEnded,
  afterHookFailed,
  afterPublish,
  type BuildState,
  type BuildTiming,
  type Decision,
  dueFollowUp,
  isBuilding,
} from './build-window.ts'
import {operationsStore} from '../operations-store.ts'
import type {PublishingHealth} from '#shared/operations/health.ts'

/*
 * The publishes' builds, kept in the operations store of Netlify Blobs: the every-minute
 * run that starts a waiting follow-up reads one blob and never wakes the database.
 */

const STATE_KEY = 'builds/state'
/** Netlify stops a build after 15 minutes unless the site's plan allows longer. */
const RUNNING_MAX_MS = 20 * 60_000
/** Concurrent changes of the state retry their read; more conflicts than this is a fault. */
const MAX_ATTEMPTS = 10
const HOOK_TIMEOUT_MS = 10_000
const FOLLOW_UP_TITLE = 'Sanity: 이어서 게시된 변경'

type StoredState = Record<keyof BuildState, string | null>

export function buildTiming(env: Env = process.env): BuildTiming {
  return {
    windowMs: setting('PUBLISH_BUILD_WINDOW_S', env) * 1000,
    runningMaxMs: RUNNING_MAX_MS,
  }
}

const timeOf = (value: unknown): number | null =>
  typeof value === 'string' && Number.isFinite(Date.parse(value)) ? Date.parse(value) : null
const isoOf = (time: number | null): string | null =>
  time === null ? null : new Date(time).toISOString()

function parsed(stored: unknown): BuildState {
  const record = (stored ?? {}) as Partial<StoredState>
  return {
    lastPublishAt: timeOf(record.lastPublishAt),
    lastBuildAt: timeOf(record.lastBuildAt),
    buildingSince: timeOf(record.buildingSince),
    followUpSince: timeOf(record.followUpSince),
  }
}

function stored(state: BuildState): StoredState {
  return {
    lastPublishAt: isoOf(state.lastPublishAt),
    lastBuildAt: isoOf(state.lastBuildAt),
    buildingSince: isoOf(state.buildingSince),
    followUpSince: isoOf(state.followUpSince),
  }
}

async function readState(): Promise<BuildState> {
  return parsed(await operationsStore().get(STATE_KEY, {type: 'json'}))
}

/**
 * Applies `change` to the stored state as one compare-and-set: a write made meanwhile by
 * another publish, an event or the schedule sends this one back to read again, so two
 * publishes at once never both start a build.
 */
async function changeState(change: (state: BuildState) => Decision): Promise<Decision> {
  const store = operationsStore()
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await store.getWithMetadata(STATE_KEY, {type: 'json'})
    const decision = change(parsed(current?.data))
    const next = stored(decision.state)
    if (current && JSON.stringify(next) === JSON.stringify(stored(parsed(current.data))))
      return decision
    const written = await store.setJSON(STATE_KEY, next, writeCondition(current))
    if (written.modified) return decision
  }
  throw new Error('the build state changed under every attempt')
}

/**
 * The write that succeeds only over the version read. The local Blobs server's reads name
 * no version: there the write is unconditional (the local stack starts no builds).
 */
function writeCondition(read: {etag?: string} | null): {onlyIfMatch?: string} | {onlyIfNew: true} {
  if (!read) return {onlyIfNew: true}
  return read.etag ? {onlyIfMatch: read.etag} : {}
}

const recorded = (change: (state: BuildState) => BuildState) =>
  changeState((state) => ({state: change(state), start: false}))

/** Asks Netlify for a production build through the build hook; throws when it refuses. */
async function callBuildHook(hookUrl: string, title: string): Promise<void> {
  const hook = new URL(hookUrl)
  hook.searchParams.set('trigger_title', title.slice(0, 120))
  const answer = await fetch(hook, {method: 'POST', signal: AbortSignal.timeout(HOOK_TIMEOUT_MS)})
  await answer.body?.cancel()
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`)
}

/** Calls the hook for the build recorded at `now`, or records that it did not start. */
async function startRecorded(
  hookUrl: string,
  title: string,
  now: number,
  buildBefore: number | null,
) {
  try {
    await callBuildHook(hookUrl, title)
  } catch (error) {
    await recorded((state) => afterHookFailed(state, now, buildBefore)).catch((failed: unknown) =>
      console.error('publishing: the failed build could not be recorded', failed),
    )
    throw error
  }
}

/**
 * A published change: starts a build, or joins the follow-up (`'follow-up'`). Throws when
 * the build hook refuses. Without the stored state it builds anyway: the window saves
 * builds, a publish must still reach the site.
 */
export async function buildForPublish(
  hookUrl: string,
  title: string,
  now = Date.now(),
): Promise<'started' | 'follow-up'> {
  let buildBefore: number | null = null
  let decision: Decision
  try {
    decision = await changeState((state) => {
      buildBefore = state.lastBuildAt
      return afterPublish(state, now, buildTiming())
    })
  } catch (error) {
    console.error('publishing: the build state is unavailable; building at once', error)
    await callBuildHook(hookUrl, title)
    return 'started'
  }
  if (!decision.start) return 'follow-up'
  await startRecorded(hookUrl, title, now, buildBefore)
  return 'started'
}

/** Starts the follow-up when one waits and may start now; true when it did. */
export async function startDueFollowUp(hookUrl: string, now = Date.now()): Promise<boolean> {
  let buildBefore: number | null = null
  const decision = await changeState((state) => {
    buildBefore = state.lastBuildAt
    return dueFollowUp(state, now, buildTiming())
  })
  if (!decision.start) return false
  await startRecorded(hookUrl, FOLLOW_UP_TITLE, now, buildBefore)
  return true
}

/** Netlify started a production build created at `createdAt`. */
export async function recordBuildAnnounced(createdAt: number, now = Date.now()): Promise<void> {
  await recorded((state) => afterBuildAnnounced(state, now, createdAt, buildTiming()))
}

/** Netlify's production build ended; the follow-up starts now when it is due. */
export async function recordBuildEnded(hookUrl: string | undefined, now = Date.now()) {
  await recorded(afterBuildEnded)
  return hookUrl ? startDueFollowUp(hookUrl, now) : false
}

/** The publishes' builds as the health page shows them. */
export async function publishingHealth(now = Date.now()): Promise<PublishingHealth> {
  const state = await readState()
  return {
    lastPublishAt: isoOf(state.lastPublishAt),
    lastBuildAt: isoOf(state.lastBuildAt),
    building: isBuilding(state, now, buildTiming()),
    followUpPending: state.followUpSince !== null,
    readAt: new Date(now).toISOString(),
  }
}
