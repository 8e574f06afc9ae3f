import {KST_OFFSET_MS, kstDate, kstDayStart} from '#shared/korea-time.ts'
import {randomUUID} from 'node:crypto'
import {readConfig, type Env} from '#config/settings.ts'
import {
  CONSENT_REMINDER_KIND,
  renderVisitorText,
  type OutboxKind,
  type TextKind,
  type TextValues,
} from '#shared/texts/render.ts'
import {myInfoPath} from '#shared/visitor-data/contract.ts'
import {formatVisitAtInText} from '#shared/visits/visit-time.ts'
import {visitPath, visitToken} from '../auth/visit-link.ts'
import {backoffMs} from '../retry-batches.ts'
import type {TextContent} from './content.ts'
import {foldWindow} from './fold.ts'
import type {SendResult} from './provider.ts'

/*
 * The outbox's rules, without the database: which texts a lead is due, when each may go
 * (the night's quiet hours, a change notice's fold), what a text says, and when a failed
 * send is tried again. What one phone gets is limited (migration 0015, docs/texts.md#limits):
 * a visit's change notices fold per window (./fold.ts), and a text beyond the number's daily
 * budget is stored refused, never sent, by the insert that would queue it
 * (./outbox-statements.ts).
 */

/**
 * Visitors' texts one number gets in 24 hours, as migration 0015 counts them: one
 * booking's texts (confirmation, advert, reminder, folded change notices for the 3 moves
 * a day and a cancellation) fit with room for one more registration's.
 */
export const DAILY_TEXT_BUDGET = 8
/** Why a text over the budget was not sent, as staff read it (set by migration 0015). */
export const BUDGET_REASON = '받는 번호의 하루 문자 한도(8건)를 넘어 보내지 않음'
/** The notices of a visit's changes, which fold: the visitor needs its state, not each step. */
const FOLDED_KINDS: ReadonlySet<TextKind> = new Set(['moved', 'cancelled'])
/**
 * Texts that wait out the night in Seoul and go to no number that refused texts: the advert,
 * the no-show's, which is no answer to anything the visitor did just now, and the two-yearly
 * reminder of a marketing consent.
 */
const QUIET_KINDS: ReadonlySet<OutboxKind> = new Set(['advert', 'no-show', CONSENT_REMINDER_KIND])
/** QUIET_KINDS as a statement's parameter (`kind = ANY(…)`). */
export const QUIET_KIND_LIST = [...QUIET_KINDS]
/**
 * Texts that go only while their lead's marketing consent stands, confirmed by the number's
 * owner: the advert and the reminder of the consent.
 */
export const CONSENT_KIND_LIST: OutboxKind[] = ['advert', CONSENT_REMINDER_KIND]

/** A send claimed and not recorded within this long is taken as abandoned and claimed again. */
export const TEXT_LEASE_MS = 60_000
/** After this many failed attempts (about four hours of backoff) a text is given up. */
export const MAX_TEXT_ATTEMPTS = 8
/** The sweep looks this far back for leads and changes without their texts. */
export const SWEEP_WINDOW_MS = 48 * 60 * 60_000
/** Leads read per sweep: more wait for the next run. */
export const SWEEP_LIMIT = 500
const HOUR_MS = 60 * 60_000
/** The reminder goes at 10:00 in Seoul the day before: 14 hours before the visit day begins. */
const REMINDER_BEFORE_DAY_MS = 14 * HOUR_MS
/** Advertising texts wait out the night in Seoul: from 21:00 to 08:00 they are held. */
const QUIET_FROM_HOUR = 21
const QUIET_UNTIL_HOUR = 8

/** What decides a lead's texts. */
export interface LeadTextState {
  id: string
  site: string
  name: string
  phone: string
  receipt: string
  spam: boolean
  createdAt: number
  /** The marketing consent is ticked (and not withdrawn). */
  marketingConsent: boolean
  /** When the number's owner confirmed the marketing consent through the texted link. */
  marketingConfirmedAt: number | null
  /** The number has refused advertising texts. */
  refused: boolean
  visit: {
    status: 'booked' | 'cancelled'
    revision: number
    visitAt: number
    changedAt: number
    /** When the visit was marked a no-show (absent or null: it was not). */
    noShowAt?: number | null
  } | null
  /**
   * The coming visit of another lead of the number, when this registration asked for a
   * time and was refused it for that visit: its confirmation goes again, with its link.
   */
  held: {leadId: string; name: string; receipt: string; visitAt: number} | null
  /** `kind:revision` of the rows the lead already has. */
  queued: ReadonlySet<string>
}

export interface DueText {
  kind: TextKind
  revision: number
}

/** The instant the reminder of a visit starting at `visitAt` is due. */
export const reminderAt = (visitAt: number): number =>
  kstDayStart(kstDate(visitAt)) - REMINDER_BEFORE_DAY_MS

/** Whether `at` falls in Seoul's quiet hours (21:00-08:00), when no advert is sent. */
export function isQuietHour(at: number): boolean {
  const hour = new Date(at + KST_OFFSET_MS).getUTCHours()
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR
}

/**
 * When an advert (or another of QUIET_KINDS) queued at `at` may go: at once, or at 08:00 in
 * Seoul after the night.
 */
export function advertDueAt(at: number): number {
  if (!isQuietHour(at)) return at
  const morning = kstDayStart(kstDate(at)) + QUIET_UNTIL_HOUR * HOUR_MS
  return morning > at ? morning : morning + 24 * HOUR_MS
}

/**
 * The texts a lead is due now and lacks: the advert, once, to a lead whose marketing
 * consent is ticked, confirmed by the number's owner within the sweep's window, and whose
 * number has not refused (its own text, held through the night by its due time); an acknowledgement for a lead without a visit;
 * for a coming visit its confirmation (revision 1), the notice of its latest change
 * (moved while booked, cancelled otherwise: the notice tells the state the visitor is
 * in now) and, from 10:00 the day before, a reminder unless the visit was booked or
 * moved after that moment. A registration refused a time for the number's coming visit
 * gets that visit's confirmation again instead of an acknowledgement. A visit marked a
 * no-show within the sweep's window gets its no-show text, once, unless the number refused
 * (held through the night like the advert). Nothing for spam, nor else for a visit that has
 * begun.
 */
export function dueTexts(state: LeadTextState, now: number): DueText[] {
  const lacks = (kind: TextKind, revision: number) => !state.queued.has(`${kind}:${revision}`)
  if (state.spam) return []
  const due: DueText[] = []
  if (
    state.marketingConsent &&
    state.marketingConfirmedAt !== null &&
    !state.refused &&
    now - state.marketingConfirmedAt < SWEEP_WINDOW_MS &&
    lacks('advert', 1)
  )
    due.push({kind: 'advert', revision: 1})
  const {visit} = state
  // A no-show tells the visitor the way to book again, once, unless the number refused texts.
  if (
    visit?.noShowAt != null &&
    !state.refused &&
    now - visit.noShowAt < SWEEP_WINDOW_MS &&
    lacks('no-show', visit.revision)
  )
    due.push({kind: 'no-show', revision: visit.revision})
  if (!visit) {
    if (state.held && state.held.visitAt > now) {
      if (lacks('confirmation', 1)) due.push({kind: 'confirmation', revision: 1})
    } else if (lacks('acknowledgement', 1)) due.push({kind: 'acknowledgement', revision: 1})
    return due
  }
  if (visit.visitAt <= now) return due
  if (visit.status === 'booked' && lacks('confirmation', 1))
    due.push({kind: 'confirmation', revision: 1})
  if (visit.revision > 1 && lacks('moved', visit.revision) && lacks('cancelled', visit.revision))
    due.push({kind: visit.status === 'booked' ? 'moved' : 'cancelled', revision: visit.revision})
  const remindAt = reminderAt(visit.visitAt)
  if (
    visit.status === 'booked' &&
    now >= remindAt &&
    visit.changedAt < remindAt &&
    lacks('reminder', visit.revision)
  )
    due.push({kind: 'reminder', revision: visit.revision})
  return due
}

/** The values a lead's texts are rendered with. */
export function textValues(state: LeadTextState, content: TextContent, env: Env): TextValues {
  const site = content.sites.get(state.site)
  const siteUrl = readConfig(env).siteUrl
  // Only the number's phone gets the owner's link: it confirms and withdraws the consent,
  // for a registration without a visit too.
  const ownerLink = `${siteUrl}${visitPath(state.site, state.id, env, 'owner')}`
  // A registration refused a time for the number's coming visit tells that visit.
  const held = state.visit ? null : state.held
  if (held) {
    return {
      ...textValues({...state, held: null}, content, env),
      이름: held.name,
      일시: formatVisitAtInText(held.visitAt),
      링크: `${siteUrl}${visitPath(state.site, held.leadId, env, 'owner')}`,
      접수번호: held.receipt,
      내정보: dataPageLink(state.site, held.leadId, env),
    }
  }
  return {
    이름: state.name,
    일시: state.visit ? formatVisitAtInText(state.visit.visitAt) : '',
    주소: site?.address ?? '',
    지도: site?.mapUrl ?? '',
    링크: ownerLink,
    접수번호: state.receipt,
    단지: site?.name ?? '',
    잔여: content.remaining,
    // The free way to refuse: the site's 080 number, else the owner's link (which
    // withdraws the consent).
    수신거부: site?.refusalPhone ? `무료수신거부 ${site.refusalPhone}` : `수신거부: ${ownerLink}`,
    내정보: dataPageLink(state.site, state.id, env),
  }
}

/** The data page of the lead's number, as a text links it: the owner's token, for the code. */
export const dataPageLink = (site: string, leadId: string, env: Env = process.env): string =>
  `${readConfig(env).siteUrl}${myInfoPath(site, visitToken(leadId, env, 'owner'))}`

export interface NewText extends Omit<DueText, 'kind'> {
  kind: OutboxKind
  id: string
  lead_id: string
  recipient: string
  body: string
  variables: TextValues
  /** When it may be sent (an advert waits out the night, a notice its fold's window). */
  due_at: string
  /** A notice's `lead-id window-start`; null for texts that do not fold. */
  fold_key: string | null
}

/** The texts the states are due now, rendered, each with when it may go. */
export function renderDue(states: LeadTextState[], content: TextContent, env: Env, now: number) {
  const texts: NewText[] = []
  for (const state of states) {
    for (const due of dueTexts(state, now)) {
      const template = content.templates[due.kind]
      if (!template) {
        console.error(`texts: no template for ${due.kind} in the Studio; it waits for one`)
        continue
      }
      const variables = textValues(state, content, env)
      // Without the remaining units there is nothing to advertise.
      if (due.kind === 'advert' && !variables.잔여) continue
      const fold = FOLDED_KINDS.has(due.kind) ? foldWindow(now) : null
      texts.push({
        ...due,
        id: randomUUID(),
        lead_id: state.id,
        recipient: state.phone,
        body: renderVisitorText(template, variables),
        variables,
        due_at: (
          fold?.dueAt ?? new Date(QUIET_KINDS.has(due.kind) ? advertDueAt(now) : now)
        ).toISOString(),
        fold_key: fold ? `${state.id} ${fold.start}` : null,
      })
    }
  }
  return texts
}

/** A text not handed to the provider: a staff alert to a number its site no longer lists. */
export type Withheld = {status: 'cancelled'; reason: string}
export type TextOutcome = SendResult['status'] | Withheld['status']

/**
 * When a sent text is due again: a failure after its backoff, until MAX_TEXT_ATTEMPTS; a
 * refusal, a success or a withheld text never.
 */
export const retryAt = (outcome: TextOutcome, attempt: number, at: number): number | null =>
  outcome === 'failed' && attempt < MAX_TEXT_ATTEMPTS ? at + backoffMs(attempt) : null
