/**
 * How long a scheduled run takes work: Netlify stops a scheduled function after 30 s, and the
 * last batch taken needs the rest to finish and be recorded. What is left waits for the next
 * run (claims whose lease ends are taken again, so nothing taken and cut off is lost).
 */
export const RUN_BUDGET_MS = 20_000

/** The instant a run that began at `startedAt` stops taking work. */
export const runDeadline = (startedAt: number = Date.now()): number => startedAt + RUN_BUDGET_MS
