import {setting, type Env} from '#config/settings.ts'
import {normalizePhone} from '#shared/leads/normalize-phone.ts'
import {sql} from '../database.ts'
import {runDeadline} from '../run-deadline.ts'
import {digits, SEND_TIMEOUT_MS, solapiClient, textProviderName, withTimeout} from './provider.ts'
import {refusalCtes} from './refusals.ts'

/*
 * The refusals made to the free 080 number (수신거부), which the text provider keeps: read
 * once a day into the refusal list, so that no advert is queued to such a number and the staff
 * see why. SOLAPI refuses to deliver an advert to them by itself; the list makes the refusal
 * ours too, for every site and whatever a later form ticks.
 */

/** Who recorded a refusal read from the provider (text_refusals.actor). */
export const PROVIDER_REFUSAL_ACTOR = 'SOLAPI 080'
/** Refusals per page of the provider's list (its largest page). */
const PAGE_SIZE = 500
/**
 * The next read starts this long before the last complete one ended: a refusal the provider
 * dates a moment before it lists it is still read.
 */
const OVERLAP_MS = 24 * 60 * 60_000

export type RefusalRead =
  | {status: 'not-configured'}
  | {status: 'read'; since: string | null; read: number; added: number; complete: boolean}

/**
 * Reads the provider's 080 refusals of our sender number created since the last complete
 * read (all of them the first time), page by page until its deadline, and records each new
 * number's refusal with the statement that cancels its waiting adverts (refusalCtes). Each
 * run is recorded in refusal_reads: an incomplete one (cut short, or the provider failing) is
 * read again from the same start the next day. Nothing happens unless SOLAPI sends the texts.
 */
export async function readProviderRefusals({
  env = process.env,
  clock = Date.now,
  deadline = runDeadline(clock()),
  timeoutMs = SEND_TIMEOUT_MS,
}: {
  env?: Env
  clock?: () => number
  /** No page is read from this instant on (runDeadline). */
  deadline?: number
  timeoutMs?: number
} = {}): Promise<RefusalRead> {
  if (textProviderName(env) !== 'solapi') return {status: 'not-configured'}
  const s = sql()
  const now = clock()
  const [last] = await s<{until: Date | null}>`
    SELECT max(read_until) AS until FROM refusal_reads WHERE complete`
  const since = last?.until ? new Date(last.until.getTime() - OVERLAP_MS) : null
  const connect = solapiClient(env)
  const senderNumber = digits(setting('SMS_SENDER', env) ?? '')
  let read = 0
  let added = 0
  let complete = false
  let startKey: string | undefined
  try {
    while (clock() < deadline) {
      const page = await withTimeout(
        (await connect()).getBlacks({
          ...(senderNumber ? {senderNumber} : {}),
          ...(since ? {startDate: since} : {}),
          ...(startKey ? {startKey} : {}),
          limit: PAGE_SIZE,
        }),
        timeoutMs,
      )
      read += page.blackList.length
      const phones = [
        ...new Set(
          page.blackList.flatMap(({recipientNumber}) => normalizePhone(recipientNumber) ?? []),
        ),
      ]
      if (phones.length > 0) {
        const refusal = refusalCtes(s, {
          phones: s`SELECT unnest(${phones}::text[]) AS phone`,
          at: now,
          source: '080',
          actor: PROVIDER_REFUSAL_ACTOR,
        })
        const [row] = await s<{added: number}>`
          WITH ${refusal} SELECT count(*) FILTER (WHERE first)::int AS added FROM refusal`
        added += row?.added ?? 0
      }
      if (!page.nextKey) {
        complete = true
        break
      }
      startKey = page.nextKey
    }
  } catch (error) {
    console.error(
      '080 refusals: the provider’s list could not be read; the next run reads it again',
      error,
    )
  }
  await s`INSERT INTO refusal_reads (ran_at, since, read_until, read, added, complete)
    VALUES (${new Date(now)}, ${since}, ${new Date(now)}, ${read}, ${added}, ${complete})`
  return {status: 'read', since: since?.toISOString() ?? null, read, added, complete}
}
