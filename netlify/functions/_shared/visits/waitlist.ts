import {randomUUID} from 'node:crypto'
import {kstTime, MINUTE_MS} from '#shared/korea-time.ts'
import {readConfig} from '#config/settings.ts'
import {WAITLIST_OFFER_KIND, withDataLink, type TextValues} from '#shared/texts/render.ts'
import type {WaitlistCount} from '#shared/visits/staff-visits.ts'
import {formatVisitAtInText, writeVisitAt} from '#shared/visits/visit-time.ts'
import {
  OFFER_MINUTES,
  waitlistPagePath,
  type WaitlistStatus,
  type WaitlistView,
} from '#shared/visits/waitlist.ts'
import {isSqlState, sql, type Sql} from '../database.ts'
import {
  COMING_VISIT_HELD,
  waitLead,
  type NewLead,
  type SavedLead,
  type SeatRequest,
} from '../leads/store.ts'
import {lakeTextContent} from '../texts/content.ts'
import {advertDueAt, dataPageLink, isQuietHour, type NewText} from '../texts/outbox-rules.ts'
import {markTextsDue, sendClaimedText, type TextDeps} from '../texts/outbox-run.ts'
import {queueTexts} from '../texts/outbox-statements.ts'
import {textProvider} from '../texts/provider.ts'
import {comingVisitOf} from './store.ts'
import {visitPath, visitToken, type LinkHolder} from '../auth/visit-link.ts'

/*
 * The waiting list of a full slot (migration 0023, docs/visits.md#waiting-list). A freed
 * seat is offered to the first entries waiting by ONE statement that takes it through the
 * slot's counter (`visit_slots.booked`, which counts held offers beside booked visits), so a
 * held seat is bookable by nobody else; a claim turns the held seat into the visit; an
 * offer not claimed within OFFER_MINUTES gives the seat back and the next is offered it.
 */

const OFFER_MS = OFFER_MINUTES * MINUTE_MS
/** Who offers a seat in the audit log: the site itself, no person. */
export const WAITLIST_ACTOR = 'waitlist'

/** What became of a join: stored with its entry, or why nothing was stored. */
export type Joined = {saved: SavedLead; held: false} | 'not-full' | 'already' | 'has-visit'

/**
 * Stores the lead with its entry for the full slot `slot` (one statement, waitLead). A
 * number that holds a coming visit on the site is refused: it would have two.
 */
export async function joinWaitlist(lead: NewLead, slot: SeatRequest): Promise<Joined> {
  const {site, phone} = lead.input
  if (await comingVisitOf(site, phone, lead.now)) return 'has-visit'
  const saved = await waitLead(lead, slot)
  if (saved === 'not-full') {
    const rows = await sql()<{n: number}>`SELECT count(*)::int AS n FROM waitlist_entries
      WHERE site = ${site} AND starts_at = ${new Date(slot.visitAt)} AND phone = ${phone}`
    return (rows[0]?.n ?? 0) > 0 ? 'already' : 'not-full'
  }
  if (typeof saved === 'string') throw new Error(`joinWaitlist: unexpected ${saved}`)
  return {saved, held: false}
}

/**
 * Offers the free seats of a slot to its first entries waiting, in ONE statement: the
 * slot's row is locked, as many entries as it has seats free (capacity − booked, read from
 * the row as the lock leaves it) are marked offered until now + OFFER_MINUTES, and the
 * counter takes them. A concurrent offer waits for the row and finds the seats taken. No
 * offer is made in Seoul's quiet hours (the scheduled run makes it at 08:00) nor for a
 * slot starting within the hold. Answers the leads offered.
 */
export async function offerSeats(site: string, visitAt: number, now: number): Promise<string[]> {
  if (isQuietHour(now) || visitAt <= now + OFFER_MS) return []
  const at = new Date(visitAt)
  const offeredAt = new Date(now)
  const until = new Date(now + OFFER_MS)
  const rows = await sql()<{lead_id: string}>`
    WITH slot AS (
      SELECT capacity, booked FROM visit_slots
      WHERE site = ${site} AND starts_at = ${at}
      FOR UPDATE
    ), next AS (
      SELECT w.lead_id FROM waitlist_entries w
      WHERE w.site = ${site} AND w.starts_at = ${at} AND w.status = 'waiting'
      ORDER BY w.joined_at, w.lead_id
      LIMIT coalesce((SELECT greatest(capacity - booked, 0) FROM slot), 0)
      FOR UPDATE SKIP LOCKED
    ), offered AS (
      UPDATE waitlist_entries w SET status = 'offered', offered_at = ${offeredAt},
        offer_expires_at = ${until}
      FROM next WHERE w.lead_id = next.lead_id
      RETURNING w.lead_id
    ), seats AS (
      UPDATE visit_slots SET booked = booked + (SELECT count(*) FROM offered)::int
      WHERE site = ${site} AND starts_at = ${at} AND EXISTS (SELECT 1 FROM offered)
    ), audit AS (
      INSERT INTO audit_log (at, actor, action, lead_id, detail)
      SELECT ${offeredAt}::timestamptz, ${WAITLIST_ACTOR}::text, 'waitlist-offer', lead_id,
        jsonb_build_object('start', ${at}::timestamptz, 'until', ${until}::timestamptz)
      FROM offered
    )
    SELECT lead_id FROM offered`
  return rows.map((row) => row.lead_id)
}

/**
 * Offers that ran out: marked expired, and their seats given back to their slots' counters,
 * in one statement. Answers the slots whose seats came back, for offerSeats.
 */
async function expireOffers(now: number): Promise<{site: string; visitAt: number}[]> {
  const rows = await sql()<{site: string; starts_at: Date}>`
    WITH expired AS (
      UPDATE waitlist_entries SET status = 'expired'
      WHERE status = 'offered' AND offer_expires_at <= ${new Date(now)}
      RETURNING lead_id, site, starts_at
    ), freed AS (
      UPDATE visit_slots s SET booked = greatest(s.booked - e.n, 0)
      FROM (SELECT site, starts_at, count(*)::int AS n FROM expired GROUP BY site, starts_at) e
      WHERE s.site = e.site AND s.starts_at = e.starts_at
    )
    SELECT DISTINCT site, starts_at FROM expired`
  return rows.map((row) => ({site: row.site, visitAt: row.starts_at.getTime()}))
}

/** Slots with someone waiting and a seat free: a seat freed while nobody could be offered it. */
async function openSlotsWithQueue(now: number): Promise<{site: string; visitAt: number}[]> {
  const rows = await sql()<{site: string; starts_at: Date}>`
    SELECT DISTINCT w.site, w.starts_at FROM waitlist_entries w
      JOIN visit_slots s ON s.site = w.site AND s.starts_at = w.starts_at
    WHERE w.status = 'waiting' AND s.booked < s.capacity
      AND w.starts_at > ${new Date(now + OFFER_MS)}`
  return rows.map((row) => ({site: row.site, visitAt: row.starts_at.getTime()}))
}

/**
 * When the waiting list next needs the texts' job, read after a run: the first offer's expiry,
 * and a seat freed with someone waiting (in the quiet hours, offered at 08:00 in Seoul).
 */
export async function nextOfferAt(now: number): Promise<number | null> {
  const rows = await sql()<{at: Date | null}>`
    SELECT min(offer_expires_at) AS at FROM waitlist_entries WHERE status = 'offered'`
  const times = [
    ...(rows[0]?.at ? [rows[0].at.getTime()] : []),
    ...((await openSlotsWithQueue(now)).length > 0 ? [advertDueAt(now)] : []),
  ]
  return times.length > 0 ? Math.min(...times) : null
}

interface OfferRow {
  lead_id: string
  site: string
  name: string
  phone: string
  receipt: string
  starts_at: Date
  offer_expires_at: Date
}

/** The claim page of a lead's entry, as the texts link it (the number's own link). */
export const waitlistLink = (site: string, leadId: string, env = process.env): string =>
  `${readConfig(env).siteUrl}${waitlistPagePath(site, visitToken(leadId, env, 'owner'))}`

/**
 * The offer's text: written here, not from a Studio template, since its deadline is the
 * point of it. It ends with the data page's line, like every text to a visitor.
 */
export function offerText(values: {
  단지: string
  이름: string
  일시: string
  마감: string
  링크: string
  내정보: string
}): string {
  return withDataLink(
    `[${values.단지}] ${values.이름}님, 대기 신청하신 ${values.일시} 방문에 자리가 났습니다. ` +
      `${values.마감}까지 아래 링크에서 예약을 확정해 주세요. 확정하지 않으시면 다음 대기자에게 ` +
      `넘어갑니다.\n${values.링크}`,
    values.내정보,
  )
}

/**
 * Queues and sends the offer's text of every offered entry that lacks one (of `leadIds`,
 * or all): the outbox's insert keeps one row per lead and the number's daily budget. A
 * lead whose texts are withheld (spam, its number's registrations) is not texted.
 */
export async function textOffers(
  leadIds: readonly string[] | null,
  deps: TextDeps = {},
): Promise<void> {
  const {clock = Date.now, env = process.env, content = lakeTextContent} = deps
  const now = clock()
  const rows = await sql()<OfferRow>`
    SELECT w.lead_id, w.site, l.name, l.phone, l.receipt, w.starts_at, w.offer_expires_at
    FROM waitlist_entries w JOIN leads l ON l.id = w.lead_id
    WHERE w.status = 'offered' AND w.offer_expires_at > ${new Date(now)}
      AND l.spam_reason IS NULL AND l.texts_withheld IS NULL
      AND (${leadIds}::uuid[] IS NULL OR w.lead_id = ANY(${leadIds}::uuid[]))
      AND NOT EXISTS (SELECT 1 FROM text_messages t
        WHERE t.lead_id = w.lead_id AND t.kind = ${WAITLIST_OFFER_KIND})`
  if (rows.length === 0) return
  const sites = (await content()).sites
  const texts: NewText[] = rows.map((row) => {
    const site = sites.get(row.site)
    const variables: TextValues = {
      이름: row.name,
      일시: formatVisitAtInText(row.starts_at.getTime()),
      주소: site?.address ?? '',
      지도: site?.mapUrl ?? '',
      링크: waitlistLink(row.site, row.lead_id, env),
      접수번호: row.receipt,
      단지: site?.name ?? '',
      잔여: '',
      수신거부: '',
      내정보: dataPageLink(row.site, row.lead_id, env),
    }
    return {
      id: randomUUID(),
      kind: WAITLIST_OFFER_KIND,
      revision: 1,
      lead_id: row.lead_id,
      recipient: row.phone,
      body: offerText({...variables, 마감: kstTime(row.offer_expires_at.getTime())}),
      variables,
      due_at: new Date(now).toISOString(),
      fold_key: null,
    }
  })
  const claimed = await queueTexts(texts, now)
  const provider = deps.provider ?? textProvider(env)
  await Promise.all(claimed.map((one) => sendClaimedText(one, provider, clock, content)))
}

/**
 * After a seat of a slot was given back (a cancel, a move away): offers it and texts the
 * offer now. Never throws: what it cannot do, the scheduled run does (passOnOffers).
 */
export async function offerFreedSeat(
  site: string,
  visitAt: number,
  deps: TextDeps = {},
): Promise<void> {
  const now = (deps.clock ?? Date.now)()
  // The texts' job passes the seat on if this request cannot (the quiet hours, a failure).
  await markTextsDue(now)
  try {
    const offered = await offerSeats(site, visitAt, now)
    if (offered.length > 0) await textOffers(offered, deps)
  } catch (error) {
    console.error(
      'waitlist: the freed seat could not be offered now; the scheduled run will',
      error,
    )
  }
}

/**
 * The scheduled run's part (send-texts): offers that ran out give their seats back and the
 * next are offered them; a seat freed with nobody offered (the quiet hours, a failure) is
 * offered; an offer without its text gets it. Answers how many were offered.
 */
export async function passOnOffers(deps: TextDeps = {}): Promise<number> {
  const clock = deps.clock ?? Date.now
  const slots = [...(await expireOffers(clock())), ...(await openSlotsWithQueue(clock()))]
  let offered = 0
  for (const slot of slots) offered += (await offerSeats(slot.site, slot.visitAt, clock())).length
  await textOffers(null, deps)
  return offered
}

export type ClaimResult = 'claimed' | 'not-offered' | 'expired' | 'claimed-already' | 'has-visit'

/**
 * Books the held seat for its entry: the entry claimed, the visit inserted (the seat is
 * the one the offer took), the lead at 방문예약, and the audit row, in ONE statement whose
 * update of the entry locks it, so a claim and the offer's expiry never both happen.
 */
export async function claimOffer(leadId: string, now: number): Promise<ClaimResult> {
  const s = sql()
  const at = new Date(now)
  let claimed: number
  try {
    const rows = await s<{claimed: number}>`
      WITH entry AS (
        UPDATE waitlist_entries SET status = 'claimed', claimed_at = ${at}
        WHERE lead_id = ${leadId}::uuid AND status = 'offered' AND offer_expires_at > ${at}
        RETURNING lead_id, site, starts_at
      ), visit AS (
        INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at, changed_at,
          last_change)
        SELECT lead_id, site, starts_at, 'booked', 1, ${at}, ${at}, 'booked' FROM entry
      ), staged AS (
        UPDATE leads SET stage = 'booked'
        WHERE id IN (SELECT lead_id FROM entry) AND stage = 'new'
      ), audit AS (${claimAudit(s, at)})
      SELECT count(*)::int AS claimed FROM entry`
    claimed = rows[0]?.claimed ?? 0
  } catch (error) {
    // The number booked another coming visit on the site meanwhile (migration 0020).
    if (isSqlState(error, COMING_VISIT_HELD)) return 'has-visit'
    throw error
  }
  if (claimed > 0) return 'claimed'
  const entry = await entryOf(leadId)
  if (entry?.status === 'claimed') return 'claimed-already'
  if (entry?.status === 'expired' || (entry?.status === 'offered' && entry.expiresAt! <= now))
    return 'expired'
  return 'not-offered'
}

const claimAudit = (s: Sql, at: Date) => s`
  INSERT INTO audit_log (at, actor, action, lead_id, detail)
  SELECT ${at}::timestamptz, 'visitor-link', 'waitlist-claim', lead_id,
    jsonb_build_object('start', starts_at)
  FROM entry`

interface Entry {
  leadId: string
  site: string
  name: string
  visitAt: number
  status: WaitlistStatus
  expiresAt: number | null
  ahead: number
}

/** A lead's entry with how many wait before it, or null. */
export async function entryOf(leadId: string): Promise<Entry | null> {
  const rows = await sql()<{
    lead_id: string
    site: string
    name: string
    starts_at: Date
    status: WaitlistStatus
    offer_expires_at: Date | null
    ahead: number
  }>`
    SELECT w.lead_id, w.site, l.name, w.starts_at, w.status, w.offer_expires_at,
      (SELECT count(*)::int FROM waitlist_entries o
        WHERE o.site = w.site AND o.starts_at = w.starts_at AND o.status = 'waiting'
          AND (o.joined_at, o.lead_id) < (w.joined_at, w.lead_id)) AS ahead
    FROM waitlist_entries w JOIN leads l ON l.id = w.lead_id
    WHERE w.lead_id = ${leadId}::uuid`
  const row = rows[0]
  return row
    ? {
        leadId: row.lead_id,
        site: row.site,
        name: row.name,
        visitAt: row.starts_at.getTime(),
        status: row.status,
        expiresAt: row.offer_expires_at?.getTime() ?? null,
        ahead: row.ahead,
      }
    : null
}

/** The entry as its claim page shows it; an offer past its time reads expired at once. */
export function waitlistView(
  entry: Entry,
  siteName: string,
  holder: LinkHolder,
  now: number,
): WaitlistView {
  const ranOut = entry.status === 'offered' && entry.expiresAt !== null && entry.expiresAt <= now
  const status: WaitlistStatus = ranOut ? 'expired' : entry.status
  return {
    site: entry.site,
    siteName,
    name: entry.name,
    visitAt: writeVisitAt(entry.visitAt),
    status,
    ...(status === 'offered' ? {expiresAt: new Date(entry.expiresAt!).toISOString()} : {}),
    ...(status === 'waiting' ? {ahead: entry.ahead} : {}),
    owner: holder === 'owner',
    ...(status === 'claimed'
      ? {manageUrl: visitPath(entry.site, entry.leadId, process.env, holder)}
      : {}),
  }
}

/** Per slot of [from, to): the entries waiting and the seats held for an offer. */
export async function waitlistCounts(
  sites: string[] | null,
  from: number,
  to: number,
): Promise<WaitlistCount[]> {
  const rows = await sql()<{site: string; starts_at: Date; waiting: number; offered: number}>`
    SELECT site, starts_at, count(*) FILTER (WHERE status = 'waiting')::int AS waiting,
      count(*) FILTER (WHERE status = 'offered')::int AS offered
    FROM waitlist_entries
    WHERE (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
      AND starts_at >= ${new Date(from)} AND starts_at < ${new Date(to)}
      AND status IN ('waiting', 'offered')
    GROUP BY site, starts_at ORDER BY starts_at, site`
  return rows.map((row) => ({
    site: row.site,
    start: writeVisitAt(row.starts_at.getTime()),
    waiting: row.waiting,
    offered: row.offered,
  }))
}
