import {describe, expect, it} from 'vitest'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createCancelHandler, createMoveHandler} from '../visits/handlers.ts'
import {bookedSeats, NOW, SITE, useVisitTestServices, visitDeps} from '../visits/testing.ts'
import {createDataHandler, createEraseHandler, createMarketingHandler} from './handlers.ts'
import {eraseVisitor} from './erase.ts'
import {call, PHONE, register, signIn, visitorDeps} from './testing.ts'

const SLOTS = [
  '2026-11-27T10:00:00+09:00',
  '2026-11-27T11:00:00+09:00',
  '2026-11-28T14:00:00+09:00',
]

/** What is kept, counted straight from the database. */
async function counts() {
  const [row] = await sql()<Record<string, number>>`SELECT
    (SELECT count(*)::int FROM leads) AS leads,
    (SELECT count(*)::int FROM visits) AS visits,
    (SELECT count(*)::int FROM waitlist_entries) AS waitlist,
    (SELECT count(*)::int FROM text_messages) AS texts,
    (SELECT coalesce(sum(booked), 0)::int FROM visit_slots) AS seats,
    (SELECT count(*)::int FROM text_refusals) AS refusals,
    (SELECT count(*)::int FROM audit_log) AS audit`
  return row!
}

/** Seats taken against what holds them: booked coming visits and offered waiting-list seats. */
async function seatsHeld() {
  const [row] = await sql()<{taken: number; held: number}>`SELECT
    (SELECT coalesce(sum(booked), 0)::int FROM visit_slots) AS taken,
    (SELECT count(*)::int FROM visits WHERE status = 'booked')
      + (SELECT count(*)::int FROM waitlist_entries WHERE status = 'offered') AS held`
  return row!
}

const linkToken = (manageUrl: string) => manageUrl.split('/').at(-1)!
const visitLink = (handler: ReturnType<typeof createMoveHandler>, token: string, body: unknown) =>
  handler(
    new Request(`http://localhost/api/visits/${token}/x`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    }),
    {params: {token}, ip: '198.51.100.9'},
  )

describe('erasing a number’s data', () => {
  useVisitTestServices()
  const deps = () => visitorDeps()

  /**
   * 5 registrations of PHONE: 3 with visits (two cancelled, one coming), 2 without, one of
   * them holding an offered waiting-list seat; 20 texts in all with the code that signs in; a
   * refusal of adverts; and
   * another visitor's registration that must stay.
   */
  async function fiveRegistrations(): Promise<void> {
    const cancel = createCancelHandler(visitDeps())
    for (const slot of SLOTS.slice(0, 2)) {
      const {manageUrl} = await register(PHONE, {visitAt: slot})
      expect((await visitLink(cancel, linkToken(manageUrl), {})).status).toBe(200)
    }
    await register(PHONE, {visitAt: SLOTS[2]})
    await register(PHONE)
    const waiting = await register(PHONE)
    await register('010-7777-8888', {visitAt: SLOTS[2], name: '남는 사람'})
    const [lead] = await sql()<{
      id: string
    }>`SELECT id FROM leads WHERE receipt = ${waiting.receipt}`
    await sql()`WITH entry AS (
        INSERT INTO waitlist_entries (lead_id, site, starts_at, phone, joined_at, status,
          offered_at, offer_expires_at)
        VALUES (${lead!.id}, ${SITE}, ${SLOTS[0]}::timestamptz, ${PHONE}, ${new Date(NOW)},
          'offered', ${new Date(NOW)}, ${new Date(NOW + 30 * 60_000)})
      )
      UPDATE visit_slots SET booked = booked + 1 WHERE site = ${SITE} AND starts_at = ${SLOTS[0]}::timestamptz`
    const mine = await sql()<{n: number}>`SELECT count(*)::int AS n FROM text_messages
      WHERE recipient = ${PHONE}`
    await sql()`INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables,
        status, created_at)
      SELECT gen_random_uuid(), ${lead!.id}, 'moved', 100 + n, ${PHONE}, '보낸 문자', '{}', 'sent',
        ${new Date(NOW - 2 * 24 * 60 * 60_000)}
      FROM generate_series(1, ${20 - 1 - mine[0]!.n}) n`
  }

  it('erases 5 registrations, 3 visits and 20 texts, gives the seats back, and keeps what the law keeps', async () => {
    await fiveRegistrations()
    const token = await signIn()
    await call(createMarketingHandler(deps()), '/api/visitor/marketing', {token, body: {}})
    const before = await counts()
    const mineTexts = await sql()<{n: number}>`SELECT count(*)::int AS n FROM text_messages t
      JOIN leads l ON l.id = t.lead_id WHERE l.phone = ${PHONE} AND t.kind <> 'staff-alert'`
    expect(mineTexts[0]!.n).toBe(20)
    expect(await bookedSeats(SITE, SLOTS[0]!)).toBe(1)
    expect(await bookedSeats(SITE, SLOTS[2]!)).toBe(2)

    const erased = await call(createEraseHandler(deps()), '/api/visitor/erase', {token, body: {}})
    expect(erased.status).toBe(200)
    expect(await erased.json()).toEqual({ok: true, leads: 5, visits: 3, waitlist: 1, texts: 20})
    expect(await bookedSeats(SITE, SLOTS[0]!)).toBe(0)
    expect(await bookedSeats(SITE, SLOTS[2]!)).toBe(1)
    expect(await seatsHeld()).toEqual({taken: 1, held: 1})
    const after = await counts()
    expect(after).toMatchObject({
      leads: 1,
      visits: 1,
      waitlist: 0,
      refusals: 1,
      audit: before.audit,
    })
    expect(
      await sql()`SELECT count(*)::int AS n FROM text_messages WHERE recipient = ${PHONE}`,
    ).toEqual([{n: 0}])
    expect(await sql()`SELECT count(*)::int AS n FROM visitor_codes`).toEqual([{n: 0}])
    // The record: what, when, how verified, counts, and no number or name.
    const [record] = await sql()<{
      kind: string
      verified_by: string
      result: unknown
      phone: unknown
    }>`
      SELECT kind, verified_by, result, phone FROM visitor_requests WHERE kind = 'erase'`
    expect(record).toEqual({
      kind: 'erase',
      verified_by: 'code-form',
      result: {leads: 5, visits: 3, waitlist: 1, texts: 20, seats: 2},
      phone: null,
    })
    const shown = await call(createDataHandler(deps()), '/api/visitor/data', {token})
    expect(await shown.json()).toMatchObject({leads: [], visits: [], texts: [], consents: []})
  })

  it('a failed erase leaves everything as it was', async () => {
    await fiveRegistrations()
    const before = await counts()
    // A text that cannot be deleted fails the statement at its last step.
    await sql()`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'held for the test'; END $$`
    await sql()`CREATE TRIGGER refuse_delete BEFORE DELETE ON text_messages
      FOR EACH ROW WHEN (OLD.revision = 105) EXECUTE FUNCTION refuse_delete()`
    try {
      const failed = await eraseVisitor(
        {site: SITE, phone: PHONE, verifiedBy: 'code-form'},
        NOW,
      ).then(
        () => null,
        (error: unknown) => error as {cause?: {message?: string}},
      )
      expect(failed?.cause?.message).toBe('held for the test')
    } finally {
      await sql()`DROP TRIGGER refuse_delete ON text_messages`
      await sql()`DROP FUNCTION refuse_delete()`
    }
    expect(await counts()).toEqual(before)
    expect(await sql()`SELECT id FROM visitor_requests WHERE kind = 'erase'`).toEqual([])
  })

  forEachDatabase('at the same moment', () => {
    it('an erase and a move of the same visit: either order leaves every seat held by a visit', async () => {
      const move = createMoveHandler(visitDeps())
      for (let round = 0; round < 8; round++) {
        const phone = `010-4${String(round).padStart(3, '0')}-1000`
        const {manageUrl} = await register(phone, {visitAt: SLOTS[0]})
        const moving = visitLink(move, linkToken(manageUrl), {visitAt: SLOTS[1 + (round % 2)]})
        const erasing = eraseVisitor({site: SITE, phone, verifiedBy: 'code-link'}, NOW)
        const [moved, erased] = await Promise.all([moving, erasing])
        expect(erased.leads).toBe(1)
        // The move went first (and was erased after) or found nothing left: a Korean 4xx.
        if (moved.status !== 200) {
          expect([404, 409]).toContain(moved.status)
          expect(((await moved.json()) as {error: string}).error).toMatch(/[가-힣]/)
        }
        expect(await seatsHeld()).toEqual({taken: 0, held: 0})
      }
    })

    it('a booking by the same number during an erase finishes first and is erased, or comes after', async () => {
      for (let round = 0; round < 8; round++) {
        const phone = `010-5${String(round).padStart(3, '0')}-2000`
        await register(phone)
        const [booking, erased] = await Promise.all([
          register(phone, {visitAt: SLOTS[round % 3]}),
          eraseVisitor({site: SITE, phone, verifiedBy: 'code-form'}, NOW),
        ])
        const [kept] = await sql()<{leads: number; visits: number}>`SELECT
          (SELECT count(*)::int FROM leads WHERE phone = ${phone}) AS leads,
          (SELECT count(*)::int FROM visits v JOIN leads l ON l.id = v.lead_id
            WHERE l.phone = ${phone}) AS visits`
        // Erased with the rest, or the one registration left, with its seat.
        if (kept!.leads === 0) {
          expect(erased.leads).toBe(2)
        } else {
          expect(kept).toEqual({leads: 1, visits: 1})
          expect(erased.leads).toBe(1)
        }
        expect(booking.receipt).toMatch(/^R-/)
        const seats = await seatsHeld()
        expect(seats.taken).toBe(seats.held)
      }
    })
  })
})
