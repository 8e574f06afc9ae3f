import {describe, expect, it} from 'vitest'
import {
  afterBuildAnnounced,
  afterBuildEnded,
  afterHookFailed,
  afterPublish,
  type BuildState,
  dueFollowUp,
  isBuilding,
  NO_BUILDS,
} from './build-window.ts'

const timing = {windowMs: 60_000, runningMaxMs: 20 * 60_000}
const T0 = Date.parse('2026-11-30T01:00:00Z')
const s = (seconds: number) => T0 + seconds * 1000

/** Publishes at these seconds after T0; answers the state and the seconds of each build started. */
function publishAt(seconds: number[], state: BuildState = NO_BUILDS) {
  const builds: number[] = []
  for (const at of seconds) {
    const decision = afterPublish(state, s(at), timing)
    state = decision.state
    if (decision.start) builds.push(at)
  }
  return {state, builds}
}

/** 20 publishes in 30 s, about one every 1.5 s. */
const BURST = Array.from({length: 20}, (_, i) => Math.round(i * 1.5))

describe('the publishes of a burst', () => {
  it('start one build at the first publish, and leave one follow-up while it runs', () => {
    const {state, builds} = publishAt(BURST)
    expect(builds).toEqual([0])
    expect(state.lastPublishAt).toBe(s(BURST.at(-1)!))
    expect(state.lastBuildAt).toBe(s(0))
    expect(state.followUpSince).toBe(s(BURST[1]!))
    // The build ends 2 minutes later: the follow-up starts once, then nothing more waits.
    const ended = afterBuildEnded(state)
    const followUp = dueFollowUp(ended, s(120), timing)
    expect(followUp.start).toBe(true)
    expect(followUp.state.followUpSince).toBeNull()
    expect(dueFollowUp(followUp.state, s(121), timing).start).toBe(false)
  })

  it('start no build while one already runs, and one follow-up after it', () => {
    const running = afterBuildAnnounced(NO_BUILDS, s(-300), s(-300), timing)
    const {state, builds} = publishAt(BURST, running)
    expect(builds).toEqual([])
    expect(dueFollowUp(state, s(60), timing).start).toBe(false)
    const followUp = dueFollowUp(afterBuildEnded(state), s(90), timing)
    expect(followUp.start).toBe(true)
  })

  it('need no follow-up when a build announced after them carries them all', () => {
    const {state} = publishAt(BURST)
    // Netlify created the build at second 31, after the last publish: it reads all of them.
    const announced = afterBuildAnnounced(state, s(35), s(31), timing)
    expect(announced.followUpSince).toBeNull()
    expect(dueFollowUp(afterBuildEnded(announced), s(200), timing).start).toBe(false)
    // Created at second 10, it read the first publishes only: the follow-up stays.
    expect(afterBuildAnnounced(state, s(12), s(10), timing).followUpSince).toBe(s(BURST[1]!))
  })
})

describe('a lone publish', () => {
  it('starts a build at once', () => {
    expect(publishAt([0]).builds).toEqual([0])
  })

  it('after a build that ended within the window waits for the window, then builds', () => {
    const {state} = publishAt([0])
    const ended = afterBuildEnded(state)
    const later = afterPublish(ended, s(40), timing)
    expect(later.start).toBe(false)
    expect(dueFollowUp(later.state, s(59), timing).start).toBe(false)
    expect(dueFollowUp(later.state, s(60), timing).start).toBe(true)
  })

  it('once the window has passed and no build runs, builds at once', () => {
    const {state} = publishAt([0])
    expect(afterPublish(afterBuildEnded(state), s(61), timing).start).toBe(true)
  })

  it('waits for a build announced after one whose end never came', () => {
    const {state} = publishAt([0])
    const announced = afterBuildAnnounced(state, s(25 * 60), s(25 * 60), timing)
    expect(afterPublish(announced, s(26 * 60), timing).start).toBe(false)
  })

  it('does not wait forever on a build whose end was never announced', () => {
    const {state} = publishAt([0, 10])
    expect(isBuilding(state, s(19 * 60), timing)).toBe(true)
    expect(dueFollowUp(state, s(19 * 60), timing).start).toBe(false)
    expect(isBuilding(state, s(20 * 60), timing)).toBe(false)
    expect(dueFollowUp(state, s(20 * 60), timing).start).toBe(true)
  })
})

describe('a build hook that refuses', () => {
  it('leaves the publish waiting as the follow-up, and the window as it was', () => {
    const first = publishAt([0])
    const ended = afterBuildEnded(first.state)
    const attempt = afterPublish(ended, s(100), timing)
    expect(attempt.start).toBe(true)
    const failed = afterHookFailed(attempt.state, s(100), s(0))
    expect(failed).toMatchObject({lastBuildAt: s(0), buildingSince: null, followUpSince: s(100)})
    // The next scheduled run asks again.
    expect(dueFollowUp(failed, s(101), timing).start).toBe(true)
  })

  it('keeps a build another caller started meanwhile', () => {
    const {state} = publishAt([0])
    const failed = afterHookFailed(state, s(-5), null)
    expect(failed).toMatchObject({lastBuildAt: s(0), buildingSince: s(0), followUpSince: s(-5)})
  })
})
