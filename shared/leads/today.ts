import {kstDate} from '../korea-time.ts'
import type {CallOutcome} from './calls.ts'
import type {LeadStage} from './lead.ts'
import type {StaffVisit} from '../visits/staff-visits.ts'

/*
 * A staff member's calls of the day (오늘): why each of their leads is to be called, and the
 * order to call them in. Pure, shared by the function that answers GET /api/admin/today and
 * the workspace that shows it.
 */

/** Why a lead is among the calls of the day. Times are ISO 8601 instants. */
export type CallReason =
  /** A new lead nobody reached yet; `dueAt`: when the site's contact limit runs out (null: unknown). */
  | {kind: 'new'; receivedAt: string; dueAt: string | null}
  /** A call back the caller asked for, due today or already past. */
  | {kind: 'callback'; at: string}
  /** A booked visit of today or tomorrow whose visitor has not pressed 방문 확인. */
  | {kind: 'unconfirmed'; visitAt: string}
  /** A seat of a full time held for the lead from the waiting list, unclaimed until `until`. */
  | {kind: 'offer'; visitAt: string; until: string}

/** The latest call recorded on a lead. */
export interface LastCall {
  at: string
  outcome: CallOutcome
}

/** A lead of the staff member's with its reasons, as the query finds it. */
export interface CallLead {
  leadId: string
  receipt: string
  site: string
  name: string
  phone: string
  stage: LeadStage
  reasons: CallReason[]
  lastCall: LastCall | null
}

/** A call to make, as GET /api/admin/today lists it. */
export interface CallToMake extends CallLead {
  /** The earliest time one of its reasons asks for; null: none has a time. */
  dueAt: string | null
  /** A reason's time has passed: a call back, the contact limit, a visit of today unconfirmed. */
  overdue: boolean
  /** Called today without an answer: listed after the others, to be tried again. */
  triedToday: boolean
}

/** When a reason asks for a call, and whether that time has passed at `now`. */
export function reasonDue(
  reason: CallReason,
  lastCall: LastCall | null,
  now: number,
): {due: number | null; overdue: boolean} {
  switch (reason.kind) {
    case 'new': {
      const due = reason.dueAt === null ? null : Date.parse(reason.dueAt)
      // A call recorded is a contact, whatever its outcome: the limit no longer runs.
      return {due, overdue: lastCall === null && due !== null && due <= now}
    }
    case 'callback': {
      const due = Date.parse(reason.at)
      return {due, overdue: due <= now}
    }
    case 'unconfirmed': {
      // The day before, when the visitor could confirm, is over for a visit of today.
      const due = Date.parse(reason.visitAt)
      return {due, overdue: kstDate(due) === kstDate(now)}
    }
    case 'offer':
      // A live offer is never late: it lapses and passes to the next on the list.
      return {due: Date.parse(reason.until), overdue: false}
  }
}

const GROUP_OVERDUE = 0
const GROUP_DUE = 1
const GROUP_TRIED = 2

/**
 * The calls in the order to make them: those overdue first, then the others, each by its
 * earliest time (none last); then those called today without an answer, the one tried
 * longest ago first, so that the lead just called goes to the end.
 */
export function planCalls(leads: readonly CallLead[], now: number): CallToMake[] {
  const today = kstDate(now)
  const planned = leads.map((lead) => {
    const dues = lead.reasons.map((reason) => reasonDue(reason, lead.lastCall, now))
    const times = dues.flatMap(({due}) => (due === null ? [] : [due]))
    const dueAt = times.length > 0 ? Math.min(...times) : null
    const overdue = dues.some((due) => due.overdue)
    const triedToday =
      lead.lastCall?.outcome === 'no-answer' && kstDate(Date.parse(lead.lastCall.at)) === today
    const call: CallToMake = {
      ...lead,
      dueAt: dueAt === null ? null : new Date(dueAt).toISOString(),
      overdue,
      triedToday,
    }
    const group = triedToday ? GROUP_TRIED : overdue ? GROUP_OVERDUE : GROUP_DUE
    const at = triedToday ? Date.parse(lead.lastCall!.at) : (dueAt ?? Number.POSITIVE_INFINITY)
    return {call, group, at}
  })
  planned.sort(
    (a, b) =>
      a.group - b.group ||
      a.at - b.at ||
      a.call.name.localeCompare(b.call.name, 'ko') ||
      a.call.leadId.localeCompare(b.call.leadId),
  )
  return planned.map(({call}) => call)
}

/** GET /api/admin/today: the day in Seoul, its visitors by time and the staff member's calls. */
export interface TodayAnswer {
  date: string
  visits: StaffVisit[]
  calls: CallToMake[]
}
