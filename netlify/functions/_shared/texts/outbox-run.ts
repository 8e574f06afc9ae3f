import type {Env} from '#config/settings.ts'
import {STAFF_ALERT_KIND} from '#shared/texts/render.ts'
import {markDue} from '../next-due.ts'
import {runDeadline} from '../run-deadline.ts'
import {drainOutbox} from '../retry-batches.ts'
import {ModelHouses} from '../model-houses.ts'
import {judgeTextOutcome} from './text-alarm.ts'
import {lakeTextContent, type TextContentLoader} from './content.ts'
import {
  dueTexts,
  renderDue,
  retryAt,
  SWEEP_LIMIT,
  SWEEP_WINDOW_MS,
  type TextOutcome,
  type Withheld,
} from './outbox-rules.ts'
import {
  claimDueTexts,
  leadState,
  queueTexts,
  recordSend,
  sweepStates,
  type ClaimedText,
} from './outbox-statements.ts'
import {alertUncontacted, alertVisitChanges} from './owner-alerts.ts'
import {textProvider, type SendResult, type TextProvider} from './provider.ts'
import {
  isListedStaffPhone,
  queueStaffAlerts,
  unalertedLeads,
  UNLISTED_REASON,
} from './staff-alerts.ts'

/*
 * The outbox's run: a request's texts sent as it ends, and the scheduled job's sweep, which
 * queues what leads lack, claims what is due and sends it until its deadline. Which texts
 * are due is ./outbox-rules.ts; the statements that queue, claim and record are
 * ./outbox-statements.ts.
 */

export interface TextDeps {
  clock?: () => number
  env?: Env
  content?: TextContentLoader
  provider?: TextProvider
}

/**
 * Whether a staff alert may go: only to a number its site lists now. A site's list that
 * cannot be read counts as a failed attempt, tried again after its backoff.
 */
async function withheld(
  {text, site}: ClaimedText,
  content: TextContentLoader,
): Promise<Withheld | SendResult | null> {
  if (text.kind !== STAFF_ALERT_KIND) return null
  try {
    return site && isListedStaffPhone(await content(), site, text.to)
      ? null
      : {status: 'cancelled', reason: UNLISTED_REASON}
  } catch (error) {
    console.error('texts: the staff phones could not be read; the alert waits', error)
    return {status: 'failed', reason: '현장의 알림 받을 번호를 읽지 못함'}
  }
}

/**
 * Sends a claimed text and records the result under the claim (recordSend). A failure is
 * due again after its backoff, until MAX_TEXT_ATTEMPTS; a refusal never (retryAt). The
 * outcome then counts for the texts' alarm (./text-alarm.ts).
 */
export async function sendClaimedText(
  claimed: ClaimedText,
  provider: TextProvider,
  clock: () => number = Date.now,
  content: TextContentLoader = lakeTextContent,
): Promise<TextOutcome> {
  const {text, attempt} = claimed
  const result = (await withheld(claimed, content)) ?? (await provider.send(text))
  const at = clock()
  const next = retryAt(result.status, attempt, at)
  await recordSend(
    claimed,
    result,
    provider.name,
    new Date(at),
    next === null ? null : new Date(next),
  )
  // The retry wakes the schedule (a run's own retries are in the time it reads at its end).
  if (next !== null) await markDue('texts', next)
  await judgeTextOutcome(result.status, {clock, content, provider})
  return result.status
}

async function sendAll(
  claimed: ClaimedText[],
  provider: TextProvider,
  clock: () => number,
  content: TextContentLoader,
) {
  return Promise.all(claimed.map((one) => sendClaimedText(one, provider, clock, content)))
}

/**
 * Queues the staff alerts of `leadId`, or of the sweep's leads still without them, and the
 * owners' alerts of their visits' changes; the content is read only when there is one to
 * alert.
 */
async function alertStaff(
  where: Parameters<typeof unalertedLeads>[0],
  content: TextContentLoader,
  now: number,
): Promise<void> {
  const leads = await unalertedLeads(where)
  if (leads.length > 0) await queueStaffAlerts(leads, await content(), now)
  // A visit the visitor moved or cancelled alerts its owner (./owner-alerts.ts).
  await alertVisitChanges('leadId' in where ? where : {since: where.since}, content, now)
}

/**
 * After a request changed what a lead is due (stored it, changed its visit or consent): the
 * texts' schedule runs in the next minute. Its sweep does all a request does (and what a
 * request cut off left undone), then keeps the exact time of the next due text; so a request
 * marks "now" once, after its statement and before its own texts.
 */
export const markTextsDue = (now: number): Promise<void> => markDue('texts', now)

/**
 * Queues the texts a lead is due and sends them now, and queues its staff alert (sent at
 * the end of its 5-minute window): after a registration, and after a visitor moves or
 * cancels a visit. Never throws: whatever it could not do (the lake or the database
 * unreachable, the provider down) the scheduled sweep does later.
 */
export async function sendTextsFor(leadId: string, deps: TextDeps = {}): Promise<void> {
  const {clock = Date.now, env = process.env, content = lakeTextContent} = deps
  await markTextsDue(clock())
  try {
    const state = await leadState(leadId)
    if (state && dueTexts(state, clock()).length > 0) {
      const texts = renderDue([state], await content(), env, clock())
      const claimed = await queueTexts(texts, clock())
      await sendAll(claimed, deps.provider ?? textProvider(env), clock, content)
    }
  } catch (error) {
    console.error('texts: could not queue or send now; the scheduled sweep will', error)
  }
  try {
    await alertStaff({leadId}, content, clock())
  } catch (error) {
    console.error('texts: could not queue the staff alert now; the scheduled sweep will', error)
  }
}

/** The scheduled job's model houses, cached per instance as the visits' functions do. */
const sweepHouses = new ModelHouses()

export interface TextRunSummary {
  /** Rows the sweep queued. */
  queued: number
  /** Sends this run claimed (new rows and due retries). */
  due: number
  outcomes: Partial<Record<TextOutcome, number>>
  /**
   * Whether the sweep did all it had to: false when a part failed or read its limit of leads
   * (more may lack texts). Rows left due at the deadline are in the table and need no flag.
   */
  complete: boolean
  /** When the next lead not contacted in time is due its alert (null: none waits). */
  contactAlertAt: number | null
}

/**
 * One run of the scheduled job: queues (and sends) what leads and visits of the recent
 * past lack and reminders that have come due, then sends every due retry until `deadline`.
 * Texts already queued need no template, so the retries go on while the lake cannot be read.
 */
export async function runTexts({
  clock = Date.now,
  env = process.env,
  content = lakeTextContent,
  provider = textProvider(env),
  concurrency = 8,
  deadline = runDeadline(clock()),
  houses = sweepHouses,
}: TextDeps & {
  concurrency?: number
  /** No send is claimed from this instant on (runDeadline). */
  deadline?: number
  /** The model houses whose opening hours count a new lead's contact limit. */
  houses?: Pick<ModelHouses, 'get'>
} = {}): Promise<TextRunSummary> {
  let claimed: ClaimedText[] = []
  let complete = true
  let contactAlertAt: number | null = null
  try {
    const states = await sweepStates(clock())
    complete = states.length < SWEEP_LIMIT
    const pending = states.filter((state) => dueTexts(state, clock()).length > 0)
    const texts = pending.length > 0 ? renderDue(pending, await content(), env, clock()) : []
    claimed = await queueTexts(texts, clock())
  } catch (error) {
    complete = false
    console.error('texts: the sweep could not queue what is missing; the next run will', error)
  }
  try {
    await alertStaff({since: clock() - SWEEP_WINDOW_MS, limit: SWEEP_LIMIT}, content, clock())
  } catch (error) {
    complete = false
    console.error('texts: the sweep could not queue the staff alerts; the next run will', error)
  }
  try {
    const contacts = await alertUncontacted(content, houses, env, clock())
    complete &&= contacts.complete
    contactAlertAt = contacts.nextAt
  } catch (error) {
    complete = false
    console.error('texts: the sweep could not alert uncontacted leads; the next run will', error)
  }
  const outcomes: Partial<Record<TextOutcome, number>> = {}
  const count = (outcome: TextOutcome) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1)
  // Rows the sweep claimed and the deadline leaves unsent are claimed again when their lease ends.
  for (let i = 0; i < claimed.length && clock() < deadline; i += concurrency)
    (await sendAll(claimed.slice(i, i + concurrency), provider, clock, content)).forEach(count)
  const retried = await drainOutbox({
    claim: (limit) => claimDueTexts(limit, clock()),
    send: (one) => sendClaimedText(one, provider, clock, content),
    concurrency,
    deadline,
    clock,
  })
  for (const [outcome, n] of Object.entries(retried.outcomes) as [TextOutcome, number][])
    outcomes[outcome] = (outcomes[outcome] ?? 0) + n
  return {
    queued: claimed.length,
    due: claimed.length + retried.due,
    outcomes,
    complete,
    contactAlertAt,
  }
}
