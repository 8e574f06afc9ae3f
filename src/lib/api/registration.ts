import {REGISTER_ENDPOINT} from '#shared/leads/registration-contract.ts'
import type {VisitHeld} from '#shared/leads/registration-contract.ts'
import type {FieldErrors} from '#shared/field-errors.ts'
import {isVisitSlot, type VisitSlot} from '#src/lib/visits/slots.ts'

/**
 * A request that gets no answer in 20 s is a network failure: the visitor hears so and may try
 * again.
 */
export const SUBMIT_TIMEOUT_MS = 20_000

export type SubmitOutcome =
  | {kind: 'accepted'; receipt: string; visit?: VisitOutcome}
  | {
      kind: 'refused'
      fieldErrors: FieldErrors
      detail: string | null
      /** The chosen time filled before the form reached it (409). */
      slotFilled?: boolean
      slots?: VisitSlot[]
    }
  | {kind: 'unanswered'}

export interface SubmitOptions {
  idempotencyKey: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** Where it goes: the registration, or a full slot's waiting list (WAITLIST_ENDPOINT). */
  endpoint?: string
}

/** A registration with a visit time: the time and the visitor's own page for it. */
export interface BookedVisit {
  visitAt: string
  manageUrl: string | null
}

/**
 * What became of the time asked for: booked, or not booked because the number already holds
 * a coming visit (whose link went by text to the number, `resent`, or could not, `unsent`).
 */
export type VisitOutcome = BookedVisit | {held: VisitHeld} | WaitingVisit

/** A waiting-list join: the full time waited for and the entry's own page. */
export interface WaitingVisit {
  visitAt: string
  waitlistUrl: string
}

interface Answer {
  ok?: unknown
  receipt?: unknown
  error?: unknown
  fields?: unknown
  visitAt?: unknown
  manageUrl?: unknown
  visitHeld?: unknown
  waitlistUrl?: unknown
  slots?: unknown
}

function stringsOf(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}

/**
 * POSTs one registration as JSON. Any answer is a result (success or rejected, with the
 * server's field messages); no answer at all, or none within the timeout, is an error.
 */
export async function submitRegistration(
  body: Record<string, unknown>,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch
  let response: Response
  try {
    response = await doFetch(options.endpoint ?? REGISTER_ENDPOINT, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': options.idempotencyKey,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? SUBMIT_TIMEOUT_MS),
    })
  } catch {
    return {kind: 'unanswered'}
  }
  let answer: Answer = {}
  try {
    answer = ((await response.json()) as Answer | null) ?? {}
  } catch {
    // A body that is not JSON (a proxy's error page) says nothing more than the status.
  }
  if (response.ok && answer.ok === true && typeof answer.receipt === 'string') {
    if (answer.visitHeld === 'resent' || answer.visitHeld === 'unsent')
      return {kind: 'accepted', receipt: answer.receipt, visit: {held: answer.visitHeld}}
    if (typeof answer.visitAt !== 'string') return {kind: 'accepted', receipt: answer.receipt}
    if (typeof answer.waitlistUrl === 'string') {
      const visit = {visitAt: answer.visitAt, waitlistUrl: answer.waitlistUrl}
      return {kind: 'accepted', receipt: answer.receipt, visit}
    }
    const manageUrl = typeof answer.manageUrl === 'string' ? answer.manageUrl : null
    return {kind: 'accepted', receipt: answer.receipt, visit: {visitAt: answer.visitAt, manageUrl}}
  }
  const fieldErrors = stringsOf(answer.fields)
  // A 400 with field messages says it all; other refusals (429, 413, 503) explain themselves.
  const detail =
    typeof answer.error === 'string' &&
    (response.status !== 400 || Object.keys(fieldErrors).length === 0)
      ? answer.error
      : null
  // A full slot (409) comes with the nearest free ones to choose from instead.
  if (response.status === 409 && 'visitAt' in fieldErrors) {
    const slots = Array.isArray(answer.slots) ? answer.slots.filter(isVisitSlot) : []
    return {kind: 'refused', fieldErrors, detail: null, slotFilled: true, slots}
  }
  return {kind: 'refused', fieldErrors, detail}
}
