import {describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {sql} from '../database.ts'
import {leadHandler} from '../leads/admin-handlers.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, validBody} from '../leads/testing.ts'
import {seedTextContent} from '../texts/testing.ts'
import {createWalkInHandler} from './walk-in.ts'
import {OTHER_SITE, SITE, testHouses, testSiteDirectory, useVisitTestServices} from './testing.ts'

/** The visitor at the desk on the morning of 2026-11-27. */
const AT_THE_DESK = Date.parse('2026-11-27T11:05:00+09:00')
const STAFF = 'desk@example.com'
const WALK_IN = {site: SITE, name: '김방문', phone: '010-7777-0101', consent: true}

interface WalkInAnswer {
  ok: boolean
  error?: string
  fields?: Record<string, string>
  walkIn?: boolean
  visit?: {leadId: string; name: string; site: string; arrivedAt: string; arrivedBy: string}
}

describe('a walk-in registered at the desk', () => {
  useVisitTestServices()
  const walkIn = async (
    body: unknown,
    {sites = null, key}: {sites?: string[] | null; key?: string} = {},
  ) => {
    const token = await mintAdminToken(STAFF, new Date(), sites)
    const response = await createWalkInHandler({
      clock: () => AT_THE_DESK,
      sites: testSiteDirectory(),
    })(
      new Request('http://localhost/api/admin/visits/walk-in', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          ...(key ? {'Idempotency-Key': key} : {}),
        },
        body: JSON.stringify(body),
      }),
      {ip: '192.0.2.10'},
    )
    return {status: response.status, body: (await response.json()) as WalkInAnswer}
  }
  const visits = () =>
    sql()<{lead_id: string; starts_at: Date; arrived_at: Date | null; arrived_by: string | null}>`
      SELECT lead_id, starts_at, arrived_at, arrived_by FROM visits ORDER BY booked_at`
  const walkInAudits = () =>
    sql()<{actor: string; lead_id: string}>`
      SELECT actor, lead_id FROM audit_log WHERE action = 'walk-in'`
  const texts = () => sql()<{kind: string}>`SELECT kind FROM text_messages`
  const book = async (visitAt: string, now: number) => {
    const register = createRegisterHandler({
      clock: () => now,
      houses: testHouses(),
      sites: testSiteDirectory(),
      texts: {content: seedTextContent},
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
    })
    const answer = await register(
      jsonRequest(validBody({site: SITE, phone: WALK_IN.phone, visitAt})),
      {ip: '203.0.113.9'},
    )
    expect(answer.status).toBe(201)
  }

  it('stores the visitor as a lead already checked in at 방문완료, recorded, forwarded and not texted', async () => {
    const answer = await walkIn(WALK_IN, {key: 'desk-form-1'})
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      ok: true,
      walkIn: true,
      visit: {name: '김방문', site: SITE, arrivedBy: STAFF},
    })
    const [lead] = await storedLeads()
    expect(lead).toMatchObject({source: 'walk-in', stage: 'visited', marketingConsent: false})
    expect(await visits()).toEqual([
      {
        lead_id: lead!.id,
        starts_at: new Date(AT_THE_DESK),
        arrived_at: new Date(AT_THE_DESK),
        arrived_by: STAFF,
      },
    ])
    expect(await walkInAudits()).toEqual([{actor: STAFF, lead_id: lead!.id}])
    const opened = await leadHandler(
      new Request(`http://localhost/api/admin/leads/${lead!.id}`, {
        headers: {Authorization: `Bearer ${await mintAdminToken(STAFF)}`},
      }),
      {ip: '192.0.2.10', params: {id: lead!.id}},
    )
    expect(((await opened.json()) as {visitChanges: unknown[]}).visitChanges).toEqual([
      {
        at: new Date(AT_THE_DESK).toISOString(),
        actor: STAFF,
        change: 'walk-in',
        from: null,
        to: null,
      },
    ])
    expect(await texts()).toEqual([])
    const deliveries = await sql()<{lead_id: string}>`SELECT lead_id FROM lead_deliveries`
    expect(deliveries).toEqual([{lead_id: lead!.id}])

    // The form sent twice (a double tap): still one visitor.
    expect((await walkIn(WALK_IN, {key: 'desk-form-1'})).status).toBe(200)
    expect(await storedLeads()).toHaveLength(1)
  })

  it('checks in the booking a number has today instead of registering it again', async () => {
    await book('2026-11-27T14:00:00+09:00', Date.parse('2026-11-26T09:30:00+09:00'))
    const [booked] = await storedLeads()
    const answer = await walkIn(WALK_IN)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({walkIn: false, visit: {leadId: booked!.id}})
    expect(await storedLeads()).toHaveLength(1)
    expect((await visits())[0]?.arrived_by).toBe(STAFF)
  })

  it('refuses a number holding a booking on another day, bad input and another site, storing nothing', async () => {
    await book('2026-11-28T14:00:00+09:00', Date.parse('2026-11-26T09:30:00+09:00'))
    const held = await walkIn(WALK_IN)
    expect(held.status).toBe(409)
    expect(held.body.error).toMatch(/^이 번호로 잡힌 다른 날의 방문 예약이 있습니다/)

    const unconsented = await walkIn({...WALK_IN, phone: '010-7777-0102', consent: false})
    expect(unconsented.status).toBe(400)
    expect(unconsented.body.fields?.consent).toMatch(/동의/)
    const badPhone = await walkIn({...WALK_IN, phone: '12'})
    expect(badPhone.status).toBe(400)
    expect(badPhone.body.fields?.phone).toBeTruthy()
    expect((await walkIn({...WALK_IN, name: ''})).status).toBe(400)
    expect((await walkIn({...WALK_IN, site: ''})).body.error).toBe('현장을 선택해 주세요.')
    expect((await walkIn({...WALK_IN, site: 'nowhere'})).status).toBe(400)
    expect((await walkIn(WALK_IN, {sites: [OTHER_SITE]})).status).toBe(403)
    expect(await storedLeads()).toHaveLength(1)
    expect(await walkInAudits()).toEqual([])
  })
})
