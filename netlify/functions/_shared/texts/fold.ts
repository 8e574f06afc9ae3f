/*
 * Folding: texts to one phone about one matter within a few minutes go as one. Each
 * matter has one row per window (text_messages.fold_key: the matter and the window's
 * start, unique with the recipient), due at the window's end; what arrives in the window
 * rewrites that row (ON CONFLICT (recipient, fold_key) DO UPDATE, whose row lock makes
 * concurrent writers take turns) while it is queued and unclaimed. The staff's alerts
 * fold the leads of a window, a visit's notices fold its changes.
 */

/** A phone gets at most one text per matter this often. */
export const FOLD_WINDOW_MS = 5 * 60_000

/** The window `now` falls in: its start (ISO, the fold_key's second part) and when it is due. */
export function foldWindow(now: number): {start: string; dueAt: Date} {
  const start = Math.floor(now / FOLD_WINDOW_MS) * FOLD_WINDOW_MS
  return {start: new Date(start).toISOString(), dueAt: new Date(start + FOLD_WINDOW_MS)}
}
