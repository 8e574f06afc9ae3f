/**
 * Where the page's first hydration stands, for the built site. Preact, which the built
 * site runs on (src/site-build/preact-build.ts), hydrates a page in one uninterrupted
 * task; the site splits that task itself: a HydrateLater boundary reached in the first
 * pass keeps its prerendered HTML and hydrates in a task of its own afterwards, so that
 * no single task holds the page's main thread for long. React (the development server,
 * the unit tests) schedules its own boundaries and leaves all of this idle.
 */

let firstPass = false
/** Boundaries whose task has come and whose hydration may still be under way. */
let resuming = 0
/** Boundaries waiting for their task, or hydrating in it. */
let pending = 0
let prerendering = false
const onSettled: (() => void)[] = []
const settled = () => !firstPass && pending === 0

export const hydration = {
  /** Whether prerendered HTML is being hydrated at this moment: stores read their server snapshot then. */
  get active(): boolean {
    return firstPass || resuming > 0
  },
  /**
   * Whether a HydrateLater boundary rendered now waits for a later task: in the browser's
   * first pass and while a boundary that waited hydrates (the boundaries inside it wait in
   * turn, each for a task of its own), and in the prerender, which marks each boundary's
   * extent in the HTML so that the browser knows which nodes a waiting boundary keeps.
   */
  get deferring(): boolean {
    return firstPass || resuming > 0 || prerendering
  },
}

/** Hydrates the page's first pass; the boundaries it reaches follow in tasks of their own. */
export function hydrateFirstPass(hydrate: () => void): void {
  firstPass = true
  try {
    hydrate()
  } finally {
    firstPass = false
    settleIfDone()
  }
}

/** The prerender renders every boundary as waiting once, so that each is marked in the HTML. */
export function markBoundariesInPrerender(): void {
  prerendering = true
}

/** A promise that settles in a task of its own, in which whatever waits on it hydrates. */
export function laterTask(): Promise<void> {
  if (prerendering) return Promise.resolve()
  pending++
  return new Promise((resolve) => {
    setTimeout(() => {
      resuming++
      resolve()
      // Preact hydrates the boundary in a microtask of this task: the flag stays up until after.
      setTimeout(() => {
        resuming--
        pending--
        settleIfDone()
      })
    })
  })
}

/** Resolves once the first pass and every boundary it left for later have hydrated. */
export function whenHydrated(): Promise<void> {
  if (settled()) return Promise.resolve()
  return new Promise((resolve) => onSettled.push(resolve))
}

function settleIfDone(): void {
  if (settled()) for (const resolve of onSettled.splice(0)) resolve()
}
