/**
 * When an editor's publish starts a production build. The first publish after a quiet time
 * starts one at once (a lone fix is online as soon as a build allows); publishes while a
 * build runs, or within the window after one was started, wait as one follow-up, started
 * once the build has ended and the window has passed. A burst of publishes so costs one
 * build, and one more when the first was already running: the follow-up carries what the
 * running build read too early. Pure decisions over the stored state; times in ms.
 */

export interface BuildState {
  /** When the last published change arrived. */
  lastPublishAt: number | null
  /** When the last build was asked for (its build hook answered). */
  lastBuildAt: number | null
  /** Since when a production build runs, asked for or announced by Netlify; null when none. */
  buildingSince: number | null
  /** When the first publish that no build has read yet arrived; null when none waits. */
  followUpSince: number | null
}

export const NO_BUILDS: BuildState = {
  lastPublishAt: null,
  lastBuildAt: null,
  buildingSince: null,
  followUpSince: null,
}

export interface BuildTiming {
  /** Publishes within this long of a started build wait for the follow-up. */
  windowMs: number
  /**
   * A build counts as running at most this long: longer than Netlify lets a build run, so
   * a build whose end was never announced holds the follow-up back no longer.
   */
  runningMaxMs: number
}

export interface Decision {
  state: BuildState
  /** Whether the caller asks for a build now (and records it with `started` first). */
  start: boolean
}

export function isBuilding(state: BuildState, now: number, timing: BuildTiming): boolean {
  return state.buildingSince !== null && now - state.buildingSince < timing.runningMaxMs
}

function mayStart(state: BuildState, now: number, timing: BuildTiming): boolean {
  const recent = state.lastBuildAt !== null && now - state.lastBuildAt < timing.windowMs
  return !recent && !isBuilding(state, now, timing)
}

const started = (state: BuildState, now: number): BuildState => ({
  ...state,
  lastBuildAt: now,
  buildingSince: now,
  followUpSince: null,
})

/** A published change: a build now, or the one follow-up it joins. */
export function afterPublish(state: BuildState, now: number, timing: BuildTiming): Decision {
  const published = {...state, lastPublishAt: now}
  if (mayStart(published, now, timing)) return {state: started(published, now), start: true}
  return {state: {...published, followUpSince: state.followUpSince ?? now}, start: false}
}

/** The follow-up, when one waits and may start now (the scheduled run, a build's end). */
export function dueFollowUp(state: BuildState, now: number, timing: BuildTiming): Decision {
  if (state.followUpSince === null || !mayStart(state, now, timing)) return {state, start: false}
  return {state: started(state, now), start: true}
}

/**
 * Netlify announces a production build, created at `createdAt` (ours, or one a push
 * started). It reads the content after that, so a follow-up whose publishes all came
 * before it is carried by this build.
 */
export function afterBuildAnnounced(
  state: BuildState,
  now: number,
  createdAt: number,
  timing: BuildTiming,
): BuildState {
  const carried = state.lastPublishAt !== null && state.lastPublishAt < createdAt
  return {
    ...state,
    buildingSince: isBuilding(state, now, timing) ? state.buildingSince : now,
    followUpSince: carried ? null : state.followUpSince,
  }
}

/** Netlify announces that the production build ended, deployed or failed. */
export function afterBuildEnded(state: BuildState): BuildState {
  return {...state, buildingSince: null}
}

/**
 * The build hook refused the build asked for at `at`: no build runs for it, and the
 * publishes it was to carry wait as the follow-up, which the next scheduled run asks for
 * again. The window counts from the build before.
 */
export function afterHookFailed(
  state: BuildState,
  at: number,
  buildBefore: number | null,
): BuildState {
  const ours = state.lastBuildAt === at
  return {
    ...state,
    lastBuildAt: ours ? buildBefore : state.lastBuildAt,
    buildingSince: ours ? null : state.buildingSince,
    followUpSince: state.followUpSince ?? at,
  }
}
