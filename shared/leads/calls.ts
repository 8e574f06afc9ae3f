/**
 * A call's outcome as staff record it on a lead (통화 결과), shared by the functions and the
 * staff's screens. Pure types and constants.
 */

export const CALL_OUTCOMES = ['connected', 'no-answer', 'callback'] as const
export type CallOutcome = (typeof CALL_OUTCOMES)[number]

/** The outcomes as the buttons and the lead's history name them. */
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  connected: '연결',
  'no-answer': '부재',
  callback: '재통화 요청',
}

/** A call in the lead's history: who called, when, how it went, and the time asked for. */
export interface CallRecord {
  at: string
  actor: string
  outcome: CallOutcome
  /** The time the caller asked to be called back at (ISO 8601), for a callback only. */
  callbackAt: string | null
}
