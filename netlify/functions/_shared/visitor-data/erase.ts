import {DEADLOCK_DETECTED, isSqlState, sql} from '../database.ts'
import type {Erased} from '#shared/visitor-data/contract.ts'
import {recordDone} from './requests.ts'
import type {VisitorIdentity} from './session.ts'

/*
 * Erasing everything kept about a number on a site, at its owner's request (개인정보 보호법
 * 제36조), in ONE statement: a failure leaves everything as it was. Its coming visits give
 * their seats back and its offered waiting-list seats go back to their slots, then its
 * leads go with everything that hangs on them (visits, waiting-list entries, texts, notes,
 * deliveries), its codes and its registration counter; its open requests to staff close
 * without the number or words. What the law keeps stays: the refusal of adverts
 * (text_refusals), the access record (audit_log) and the record of this request, which holds
 * counts only.
 *
 * The rows are locked in the order the other writers of a visit take them (the visits, then
 * the waiting-list entries, then the leads, then the slots: a move, a cancel, a claim and an
 * offer each lock a subset in that order), each step gated on the one before, so that a
 * concurrent change waits for the erase or the erase for it, and neither for the other.
 * A visit moved while the erase waited is read as the move left it (its new slot gets the
 * seat back); a booking committed after the statement began is not erased: it comes after.
 */

/** Times a statement the server chose to end in a deadlock is run again before giving up. */
const DEADLOCK_TRIES = 3

export interface EraseResult extends Omit<Erased, 'ok'> {
  /** The slots that got a seat back, for their waiting lists. */
  freed: {site: string; visitAt: number}[]
}

async function eraseOnce(identity: VisitorIdentity, now: number): Promise<EraseResult> {
  const s = sql()
  const {site, phone} = identity
  const at = new Date(now)
  // Always true, and no capacity check: read in a step's WHERE, it makes PostgreSQL finish
  // the named step (and hold its row locks) before the step scans, which fixes the order of
  // the locks. Seats go back through the slots' counter rows (visit_slots.booked) below.
  const after = (step: string) => s`(SELECT count(*) FROM ${s.identifier(step)}) >= 0`
  const counts = s`jsonb_build_object('leads', (SELECT count(*) FROM erased),
    'visits', (SELECT count(*) FROM visit_rows), 'waitlist', (SELECT count(*) FROM entry_rows),
    'texts', (SELECT n FROM texts), 'seats', (SELECT coalesce(sum(n), 0) FROM seats))`
  const rows = await s<{
    leads: number
    visits: number
    waitlist: number
    texts: number
    freed: {site: string; starts_at: string}[]
  }>`
    WITH visit_rows AS MATERIALIZED (
      SELECT v.lead_id, v.site, v.starts_at,
        v.status = 'booked' AND v.starts_at > ${at} AND v.arrived_at IS NULL AS holds_seat
      FROM visits v JOIN leads l ON l.id = v.lead_id
      WHERE l.site = ${site} AND l.phone = ${phone}
      FOR UPDATE OF v
    ), entry_rows AS MATERIALIZED (
      SELECT w.lead_id, w.site, w.starts_at, w.status = 'offered' AS holds_seat
      FROM waitlist_entries w JOIN leads l ON l.id = w.lead_id
      WHERE l.site = ${site} AND l.phone = ${phone} AND ${after('visit_rows')}
      FOR UPDATE OF w
    ), lead_rows AS MATERIALIZED (
      SELECT id FROM leads
      WHERE site = ${site} AND phone = ${phone} AND ${after('entry_rows')}
      FOR UPDATE
    ), seats AS MATERIALIZED (
      SELECT site, starts_at, count(*)::int AS n FROM (
        SELECT site, starts_at FROM visit_rows WHERE holds_seat
        UNION ALL
        SELECT site, starts_at FROM entry_rows WHERE holds_seat
      ) held
      WHERE ${after('lead_rows')}
      GROUP BY site, starts_at
    ), freed AS (
      -- Through ON CONFLICT, so that a slot's row a move created after this statement began
      -- is found (an UPDATE would not see it on PostgreSQL); it exists, since a seat is held.
      INSERT INTO visit_slots AS slot (site, starts_at, capacity, booked)
      SELECT site, starts_at, 0, 0 FROM seats
      ON CONFLICT (site, starts_at) DO UPDATE SET booked = greatest(slot.booked - (
        SELECT n FROM seats WHERE seats.site = slot.site AND seats.starts_at = slot.starts_at), 0)
      RETURNING site, starts_at
    ), texts AS (
      SELECT count(*)::int AS n FROM text_messages
      WHERE lead_id IN (SELECT id FROM lead_rows) AND kind <> 'staff-alert'
    ), closed AS (
      UPDATE visitor_requests SET status = 'closed', phone = NULL, body = NULL
      WHERE site = ${site} AND phone = ${phone} AND status = 'open'
    ), codes AS (
      DELETE FROM visitor_codes WHERE site = ${site} AND (phone = ${phone} OR for_phone = ${phone})
    ), counter AS (
      DELETE FROM rate_limits WHERE bucket = 'register-phone' AND subject = ${`${site} ${phone}`}
    ), erased AS (
      DELETE FROM leads WHERE id IN (SELECT id FROM lead_rows) RETURNING id
    ), record AS (
      ${recordDone(s, identity, 'erase', now, {result: counts})}
    )
    SELECT (SELECT count(*)::int FROM erased) AS leads,
      (SELECT count(*)::int FROM visit_rows) AS visits,
      (SELECT count(*)::int FROM entry_rows) AS waitlist,
      (SELECT n FROM texts) AS texts,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('site', site, 'starts_at', starts_at)), '[]')
        FROM freed) AS freed`
  const row = rows[0]!
  return {
    leads: row.leads,
    visits: row.visits,
    waitlist: row.waitlist,
    texts: row.texts,
    freed: row.freed.map((slot) => ({site: slot.site, visitAt: Date.parse(slot.starts_at)})),
  }
}

/**
 * Erases the number's data on the site (see above). A deadlock the server resolved by ending
 * this statement (rolled back whole) is run again; after DEADLOCK_TRIES it is thrown.
 */
export async function eraseVisitor(identity: VisitorIdentity, now: number): Promise<EraseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await eraseOnce(identity, now)
    } catch (error) {
      if (attempt >= DEADLOCK_TRIES || !isSqlState(error, DEADLOCK_DETECTED)) throw error
    }
  }
}
