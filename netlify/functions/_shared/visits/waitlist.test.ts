import {beforeEach, describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {
  OFFER_MINUTES,
  WAITLIST_JOIN_REFUSALS,
  WAITLIST_MESSAGES,
  type WaitlistView,
} from '#shared/visits/waitlist.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, validBody} from '../leads/testing.ts'
import {storedTexts} from '../texts/testing.ts'
import {
  createCancelHandler,
  createMoveHandler,
  createSlotsHandler,
  createVisitHandler,
} from './handlers.ts'
import {
  bookedSeats,
  leadCount,
  NOW,
  SITE,
  storedVisits,
  testSiteDirectory,
  testTextContent,
  useVisitTestServices,
  visitDeps,
} from './testing.ts'
import {listVisitsHandler} from './admin.ts'
import {visitToken} from '../auth/visit-link.ts'
import {passOnOffers} from './waitlist.ts'
import {
  createWaitlistClaimHandler,
  createWaitlistEntryHandler,
  createWaitlistJoinHandler,
} from '../registration/waitlist-handlers.ts'

const context = {ip: '203.0.113.7'}
const SLOT = '2026-11-27T10:00:00+09:00'
const LATER = '2026-11-28T14:30:00+09:00'
const CAPACITY = 4
const AFTER_OFFER = NOW + (OFFER_MINUTES + 1) * 60_000

describe('the waiting list', () => {
  useVisitTestServices()
  const content = testTextContent
  const deps = visitDeps
  const registerDeps = (now = NOW) => ({
    ...deps(now),
    sites: testSiteDirectory(),
    env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
    texts: {content},
  })
  const book = (phone: string, visitAt = SLOT) =>
    createRegisterHandler(registerDeps())(
      jsonRequest(validBody({site: SITE, visitAt, phone})),
      context,
    )
  /** Fills SLOT; answers the visits' tokens. */
  async function fill(): Promise<string[]> {
    const tokens = []
    for (let i = 0; i < CAPACITY; i++) {
      const response = await book(`010-2000-${1000 + i}`)
      expect(response.status).toBe(201)
      tokens.push(((await response.json()) as {manageUrl: string}).manageUrl.split('/').at(-1)!)
    }
    return tokens
  }
  const join = (phone: string, extra: Record<string, unknown> = {}, now = NOW) =>
    createWaitlistJoinHandler(registerDeps(now))(
      jsonRequest(validBody({site: SITE, visitAt: SLOT, phone, ...extra})),
      context,
    )
  /** Each join a second after the last, so that the queue's order is the order of the calls. */
  let joins = 0
  beforeEach(() => {
    joins = 0
  })
  const joinOk = async (phone: string) => {
    const response = await join(phone, {}, NOW + ++joins * 1000)
    expect(response.status).toBe(201)
    return (await response.json()) as {receipt: string; visitAt: string; waitlistUrl: string}
  }
  const visitLink = (token: string, action: 'cancel' | 'move' | '', body?: unknown, now = NOW) =>
    ({'': createVisitHandler, cancel: createCancelHandler, move: createMoveHandler})[action](
      deps(now),
    )(
      new Request(`http://localhost/api/visits/${token}/${action}`, {
        method: action ? 'POST' : 'GET',
        ...(body
          ? {headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)}
          : {}),
      }),
      {params: {token}, ip: '198.51.100.7'},
    )
  /** The entries of SLOT in the order they joined. */
  const entries = () =>
    sql()<{lead_id: string; phone: string; status: string}>`
      SELECT lead_id, phone, status FROM waitlist_entries ORDER BY joined_at, lead_id`
  const ownerToken = (leadId: string) => visitToken(leadId, process.env, 'owner')
  const claim = (token: string, now = NOW) =>
    createWaitlistClaimHandler(deps(now))(
      new Request(`http://localhost/api/visits/waitlist/${token}/claim`, {method: 'POST'}),
      {params: {token}},
    )
  const entryPage = async (token: string, now = NOW) => {
    const response = await createWaitlistEntryHandler(deps(now))(
      new Request(`http://localhost/api/visits/waitlist/${token}`),
      {params: {token}},
    )
    return {status: response.status, body: (await response.json()) as {entry: WaitlistView}}
  }
  const offerTexts = async () =>
    (await storedTexts()).filter((text) => text.kind === 'waitlist-offer')
  const remainingAt = async (start: string) => {
    const response = await createSlotsHandler(deps())(
      new Request(`http://localhost/api/visits/slots?site=${SITE}&from=2026-11-27&days=1`),
    )
    const body = (await response.json()) as {slots: {start: string; remaining: number}[]}
    return body.slots.find((slot) => slot.start === start)?.remaining
  }

  it('joins a full slot: a lead like a registration, its entry, the audit row and the texts', async () => {
    await fill()
    const answer = await joinOk('010-3000-0001')
    expect(answer.visitAt).toBe(SLOT)
    expect(answer.waitlistUrl).toMatch(new RegExp(`^/${SITE}/waitlist/[\\w-]{43}$`))
    const lead = (await storedLeads()).find((one) => one.phone === '010-3000-0001')
    expect(lead).toMatchObject({stage: 'new', receipt: answer.receipt})
    expect(lead?.visit).toBeUndefined()
    expect(await entries()).toEqual([
      {lead_id: lead!.id, phone: '010-3000-0001', status: 'waiting'},
    ])
    const audit = await sql()`SELECT action, lead_id FROM audit_log WHERE action = 'waitlist-join'`
    expect(audit).toEqual([{action: 'waitlist-join', lead_id: lead!.id}])
    const texts = (await storedTexts()).filter((text) => text.lead_id === lead!.id)
    expect(texts.map((text) => text.kind)).toEqual(['acknowledgement'])
    expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY)
    // The page of the registrant's link says where the entry stands.
    const page = await entryPage(answer.waitlistUrl.split('/').at(-1)!)
    expect(page.body.entry).toMatchObject({status: 'waiting', ahead: 0, start: SLOT, owner: false})
  })

  it('refuses, storing nothing: a slot with a seat, a second join, a number with a visit, bad input', async () => {
    const seat = await join('010-3000-0002')
    expect(seat.status).toBe(409)
    expect(await seat.json()).toMatchObject({ok: false, error: WAITLIST_JOIN_REFUSALS['not-full']})
    await fill()
    await joinOk('010-3000-0002')
    const leads = await leadCount()
    const again = await join('010-3000-0002')
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({error: WAITLIST_JOIN_REFUSALS.already})
    const booked = await join('010-2000-1000')
    expect(booked.status).toBe(409)
    expect(await booked.json()).toMatchObject({error: WAITLIST_JOIN_REFUSALS['has-visit']})
    const noTime = await join('010-3000-0003', {visitAt: ''})
    expect(noTime.status).toBe(400)
    expect(await noTime.json()).toMatchObject({error: WAITLIST_MESSAGES.required})
    const noConsent = await join('010-3000-0003', {consent: false})
    expect(noConsent.status).toBe(400)
    expect(await leadCount()).toBe(leads)
    expect(await entries()).toHaveLength(1)
  })

  it('offers a cancelled seat to the first waiting: held for 30 minutes, texted with its link', async () => {
    const tokens = await fill()
    await joinOk('010-3000-0011')
    await joinOk('010-3000-0012')
    expect((await visitLink(tokens[0]!, 'cancel')).status).toBe(200)
    expect((await entries()).map((entry) => entry.status)).toEqual(['offered', 'waiting'])
    // The seat is held: nobody else books it.
    expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY)
    expect(await remainingAt(SLOT)).toBe(0)
    expect((await book('010-4000-0001')).status).toBe(409)
    const [offer] = await offerTexts()
    const [first] = await entries()
    expect(offer).toMatchObject({lead_id: first!.lead_id, recipient: '010-3000-0011'})
    expect(offer!.body).toContain('11월 27일(금) 10:00 방문에 자리가 났습니다')
    expect(offer!.body).toContain('10:00까지')
    expect(offer!.body).toContain(`/${SITE}/waitlist/${ownerToken(first!.lead_id)}`)
    const audit = await sql()`SELECT lead_id FROM audit_log WHERE action = 'waitlist-offer'`
    expect(audit).toEqual([{lead_id: first!.lead_id}])
    // The staff's schedule counts the slot's list.
    const token = await mintAdminToken('admin@example.com', new Date(), null)
    const schedule = await listVisitsHandler(
      new Request('http://localhost/api/admin/visits', {
        headers: {Authorization: `Bearer ${token}`},
      }),
      {ip: '192.0.2.10'},
      NOW,
    )
    expect(((await schedule.json()) as {waitlist: unknown}).waitlist).toEqual([
      {site: SITE, start: SLOT, waiting: 1, offered: 1},
    ])
    const page = await entryPage(ownerToken(first!.lead_id))
    expect(page.body.entry).toMatchObject({
      status: 'offered',
      owner: true,
      expiresAt: new Date(NOW + OFFER_MINUTES * 60_000).toISOString(),
    })
  })

  it('offers the seat a move leaves', async () => {
    const tokens = await fill()
    await joinOk('010-3000-0021')
    expect((await visitLink(tokens[1]!, 'move', {visitAt: LATER})).status).toBe(200)
    expect((await entries()).map((entry) => entry.status)).toEqual(['offered'])
    expect(await offerTexts()).toHaveLength(1)
  })

  it('claims the held seat through the texted link: the visit, its page, the stage and the confirmation', async () => {
    const tokens = await fill()
    await joinOk('010-3000-0031')
    await visitLink(tokens[0]!, 'cancel')
    const [entry] = await entries()
    const token = ownerToken(entry!.lead_id)
    const claimed = await claim(token, NOW + 60_000)
    expect(claimed.status).toBe(200)
    const body = (await claimed.json()) as {entry: {status: string; manageUrl: string}}
    expect(body.entry.status).toBe('claimed')
    expect(body.entry.manageUrl).toBe(`/${SITE}/visit/${token}`)
    const visit = (await storedVisits()).find((one) => one.lead_id === entry!.lead_id)
    expect(visit).toMatchObject({status: 'booked', starts_at: new Date(SLOT)})
    expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY)
    const lead = (await storedLeads()).find((one) => one.id === entry!.lead_id)
    expect(lead?.stage).toBe('booked')
    const kinds = (await storedTexts())
      .filter((text) => text.lead_id === entry!.lead_id)
      .map((text) => text.kind)
    expect(kinds.sort()).toEqual(['acknowledgement', 'confirmation', 'waitlist-offer'])
    const audit = await sql()`SELECT lead_id FROM audit_log WHERE action = 'waitlist-claim'`
    expect(audit).toEqual([{lead_id: entry!.lead_id}])
    // The visitor's own page now shows the booking.
    const page = (await (await visitLink(token, '')).json()) as {visit: {status: string}}
    expect(page.visit.status).toBe('booked')
    // A second claim changes nothing.
    const twice = await claim(token, NOW + 120_000)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({error: WAITLIST_MESSAGES.claimed})
  })

  it('refuses a claim by another link, before its turn and after its 30 minutes, changing nothing', async () => {
    const tokens = await fill()
    const first = await joinOk('010-3000-0041')
    await joinOk('010-3000-0042')
    await visitLink(tokens[0]!, 'cancel')
    const [offered, waiting] = await entries()
    // The registrant's link (whoever typed the number) does not claim.
    const registrant = await claim(first.waitlistUrl.split('/').at(-1)!)
    expect(registrant.status).toBe(403)
    expect(await registrant.json()).toMatchObject({error: WAITLIST_MESSAGES.notOwner})
    // Another number's entry, still waiting, cannot take the offer.
    const early = await claim(ownerToken(waiting!.lead_id))
    expect(early.status).toBe(409)
    expect(await early.json()).toMatchObject({error: WAITLIST_MESSAGES.notOffered})
    const late = await claim(ownerToken(offered!.lead_id), AFTER_OFFER)
    expect(late.status).toBe(410)
    expect(await late.json()).toMatchObject({error: WAITLIST_MESSAGES.expired})
    const bad = await claim('not-a-token')
    expect(bad.status).toBe(404)
    expect((await entries()).map((entry) => entry.status)).toEqual(['offered', 'waiting'])
    expect((await storedVisits()).filter((visit) => visit.status === 'booked')).toHaveLength(3)
    expect(await sql()`SELECT 1 FROM audit_log WHERE action = 'waitlist-claim'`).toHaveLength(0)
  })

  it('refuses the claim of a number that booked another time meanwhile, and a form post to join', async () => {
    const tokens = await fill()
    await joinOk('010-3000-0081')
    await visitLink(tokens[0]!, 'cancel')
    expect((await book('010-3000-0081', LATER)).status).toBe(201)
    const [entry] = await entries()
    const refused = await claim(ownerToken(entry!.lead_id), NOW + 60_000)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({error: WAITLIST_JOIN_REFUSALS['has-visit']})
    expect((await entries()).map((one) => one.status)).toEqual(['offered'])
    const form = await createWaitlistJoinHandler(registerDeps())(
      new Request('http://localhost/api/visits/waitlist', {
        method: 'POST',
        headers: {'Content-Type': 'application/x-www-form-urlencoded'},
        body: new URLSearchParams({site: SITE, visitAt: SLOT, name: '홍길동'}).toString(),
      }),
      context,
    )
    expect(form.status).toBe(415)
    expect(await form.json()).toMatchObject({error: WAITLIST_MESSAGES.unsupported})
  })

  it('passes an offer not claimed in time to the next, and frees the seat when nobody is left', async () => {
    const tokens = await fill()
    await joinOk('010-3000-0051')
    await joinOk('010-3000-0052')
    await visitLink(tokens[0]!, 'cancel')
    const run = (now: number) => passOnOffers({clock: () => now, content})
    expect(await run(NOW + 60_000)).toBe(0)
    expect(await run(AFTER_OFFER)).toBe(1)
    expect((await entries()).map((entry) => entry.status)).toEqual(['expired', 'offered'])
    expect((await offerTexts()).map((text) => text.recipient)).toEqual([
      '010-3000-0051',
      '010-3000-0052',
    ])
    expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY)
    expect(await run(AFTER_OFFER + (OFFER_MINUTES + 1) * 60_000)).toBe(0)
    expect((await entries()).map((entry) => entry.status)).toEqual(['expired', 'expired'])
    expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY - 1)
  })

  it('makes no offer in the quiet hours; the first run after 08:00 does', async () => {
    const night = Date.parse('2026-11-26T22:00:00+09:00')
    const tokens = await fill()
    await joinOk('010-3000-0061')
    expect((await visitLink(tokens[0]!, 'cancel', undefined, night)).status).toBe(200)
    expect((await entries()).map((entry) => entry.status)).toEqual(['waiting'])
    const morning = Date.parse('2026-11-27T08:00:00+09:00')
    expect(await passOnOffers({clock: () => morning, content})).toBe(1)
    expect(await offerTexts()).toHaveLength(1)
  })

  forEachDatabase('two seats freed at once, five waiting', () => {
    it('gives exactly two offers and exactly two bookings', async () => {
      const tokens = await fill()
      for (let i = 0; i < 5; i++) await joinOk(`010-3000-${7000 + i}`)
      // Two cancels, and the scheduled run, all at once.
      const freed = await Promise.all([
        visitLink(tokens[0]!, 'cancel'),
        visitLink(tokens[1]!, 'cancel'),
        passOnOffers({clock: () => NOW, content}),
        passOnOffers({clock: () => NOW, content}),
      ])
      expect(freed.slice(0, 2).map((response) => (response as Response).status)).toEqual([200, 200])
      const offered = (await entries()).filter((entry) => entry.status === 'offered')
      expect(offered).toHaveLength(2)
      expect(await offerTexts()).toHaveLength(2)
      expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY)
      // Everyone tries to claim at once, and another visitor tries to book.
      const claims = await Promise.all([
        ...(await entries()).map((entry) => claim(ownerToken(entry.lead_id), NOW + 60_000)),
        book('010-4000-0002'),
      ])
      const statuses = claims.map((response) => response.status)
      expect(statuses.slice(0, 5).filter((status) => status === 200)).toHaveLength(2)
      expect(statuses.slice(0, 5).filter((status) => status === 409)).toHaveLength(3)
      expect(statuses[5]).toBe(409)
      const booked = (await storedVisits()).filter((visit) => visit.status === 'booked')
      expect(booked).toHaveLength(CAPACITY)
      expect(await bookedSeats(SITE, SLOT)).toBe(CAPACITY)
    })
  })
})
