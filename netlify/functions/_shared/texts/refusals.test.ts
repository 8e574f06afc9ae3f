import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, validBody} from '../leads/testing.ts'
import {confirmConsent, withdrawConsent} from '../visits/store.ts'
import type {TextContentLoader} from './content.ts'
import {runTexts, sendTextsFor} from './outbox-run.ts'
import type {OutgoingText, TextProvider} from './provider.ts'
import {recordRefusalHandler} from './refusals.ts'
import {seedTextContent} from './testing.ts'

/*
 * What a refusal (수신거부) does while adverts are queued, claimed and sent at the same
 * moment. Each proof runs on the local server and on PostgreSQL, where statements overlap.
 */

const MINUTE = 60_000
/** 09:00 in Seoul on Thursday 26 November 2026: an advert goes at once. */
const NINE_AM = Date.parse('2026-11-26T09:00:00+09:00')
/** 23:30 in Seoul the same day: an advert waits for the morning. */
const NIGHT = Date.parse('2026-11-26T23:30:00+09:00')
const MORNING = Date.parse('2026-11-27T08:00:00+09:00')
const ENV = {SITE_URL: 'https://soldam.example', AUTH_SECRET: 'a'.repeat(48)}
const ROUNDS = 40

interface AdvertRow {
  recipient: string
  status: string
  last_error: string | null
}

describe('refusals of advertising texts', () => {
  withTestDatabase()
  let now: number
  const clock = () => now
  /** What the provider was handed, by recipient; `during` runs inside each send. */
  let handed: OutgoingText[]
  let during: (text: OutgoingText) => Promise<void>
  const provider: TextProvider = {
    name: 'local',
    send: async (text) => {
      await during(text)
      handed.push(text)
      return {status: 'sent', messageId: `M-${handed.length}`}
    },
  }
  const deps = {clock, env: ENV, content: seedTextContent, provider}

  const register = async (body: Record<string, unknown>, content = seedTextContent) =>
    createRegisterHandler({
      clock,
      sites: testSites(),
      env: {...ENV, REGISTER_RATE_LIMIT: '0'},
      texts: {content, provider},
    })(jsonRequest(validBody(body)), {ip: '203.0.113.9'})

  const lakeDown: TextContentLoader = () => Promise.reject(new Error('the lake is down'))

  /** Leads with marketing consent and no texts yet (the lake was down as they came). */
  async function consentingLeads(count: number): Promise<{id: string; phone: string}[]> {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (let i = 0; i < count; i++)
      await register({marketingConsent: true, phone: phoneOf(i)}, lakeDown)
    quiet.mockRestore()
    const leads = (await storedLeads()).map(({id, phone}) => ({id, phone}))
    // Each number's owner confirms the consent through the texted link.
    for (const lead of leads) await confirmConsent(lead.id, now)
    return leads
  }
  const phoneOf = (i: number) => `010-7000-${String(i).padStart(4, '0')}`

  const refuse = async (phone: string, at = now) =>
    recordRefusalHandler(
      new Request('http://localhost/api/admin/refusals', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${await mintAdminToken()}`,
        },
        body: JSON.stringify({phone}),
      }),
      {ip: '192.0.2.10'},
      at,
    )

  const adverts = () => sql()<AdvertRow>`SELECT recipient, status, last_error
    FROM text_messages WHERE kind = 'advert' ORDER BY recipient`

  /**
   * Whatever the order, nothing waits to go to a number that refused, and the outbox
   * tells what the provider was handed: an advert shown cancelled was never handed over.
   */
  async function expectRefusalsHold(phones: string[]) {
    const refused = new Set(
      (await sql()<{phone: string}>`SELECT phone FROM text_refusals`).map((row) => row.phone),
    )
    expect([...refused].sort()).toEqual([...phones].sort())
    const rows = await adverts()
    const pending = rows.filter((row) => ['queued', 'failed'].includes(row.status))
    expect(pending.filter((row) => refused.has(row.recipient))).toEqual([])
    const sentTo = handed.filter((text) => text.kind === 'advert').map((text) => text.to)
    const recorded = rows.filter((row) => row.status === 'sent').map((row) => row.recipient)
    expect(sentTo.sort()).toEqual(recorded.sort())
  }

  /** Every refusal was taken as it came: none answered that the database could not record it. */
  async function expectRefusalsAnswered(answers: Promise<Response>[]) {
    expect(new Set((await Promise.all(answers)).map((answer) => answer.status))).toEqual(
      new Set([200]),
    )
  }

  beforeEach(() => {
    now = NINE_AM
    handed = []
    during = async () => {}
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('keeps the record of an advert sent while its number refused: it went', async () => {
    const [lead] = await consentingLeads(1)
    // Staff record the refusal while the provider holds the advert.
    during = async (text) => {
      if (text.kind === 'advert') expect((await refuse(text.to)).status).toBe(200)
    }
    await sendTextsFor(lead!.id, deps)
    expect(await adverts()).toEqual([{recipient: lead!.phone, status: 'sent', last_error: null}])
    await expectRefusalsHold([lead!.phone])
  })

  it('gives no advert to a number that withdrew, when a later form ticks the consent', async () => {
    const version = '2026-11-20T09:15:00Z'
    const [lead] = await consentingLeads(1)
    now = NIGHT
    await sendTextsFor(lead!.id, deps)
    await withdrawConsent(lead!.id, now + MINUTE, 'owner')
    expect(await adverts()).toMatchObject([{status: 'cancelled', last_error: '수신거부'}])
    // The same number comes back through a form, ticking the same marketing text again.
    now += 5 * MINUTE
    const again = {marketingConsent: true, phone: lead!.phone, marketingConsentVersion: version}
    expect((await register({...again, consentVersion: version})).status).toBe(201)
    // Even confirmed by the number's owner, the number's refusal stands.
    for (const row of await storedLeads()) await confirmConsent(row.id, now)
    now = MORNING
    await runTexts(deps)
    expect((await adverts()).map((row) => row.status)).toEqual(['cancelled'])
    expect(handed.filter((text) => text.kind === 'advert')).toEqual([])
    expect((await storedLeads()).map((row) => row.marketingConsent).sort()).toEqual([false, true])
  })

  forEachDatabase('at the same moment', () => {
    it('leaves nothing to send to a number refusing as its advert is queued and sent', async () => {
      const leads = await consentingLeads(ROUNDS)
      // Each lead's advert is queued, claimed and sent while staff record its refusal,
      // the two started in either order.
      const refusals: Promise<Response>[] = []
      await Promise.all(
        leads.flatMap((lead, i) => {
          const send = () => sendTextsFor(lead.id, deps)
          const stop = () => {
            const answer = refuse(lead.phone)
            refusals.push(answer)
            return answer
          }
          return i % 2 ? [send(), stop()] : [stop(), send()]
        }),
      )
      await expectRefusalsAnswered(refusals)
      await expectRefusalsHold(leads.map((lead) => lead.phone))
    })

    it('leaves no advert held for the morning to a number refusing as it is queued', async () => {
      const leads = await consentingLeads(ROUNDS)
      now = NIGHT
      // The sweep queues the night's adverts while staff and visitors refuse.
      const refusals = leads.filter((_, i) => i % 2).map((lead) => refuse(lead.phone))
      await Promise.all([
        runTexts(deps),
        ...refusals,
        ...leads.filter((_, i) => !(i % 2)).map((lead) => withdrawConsent(lead.id, now, 'owner')),
        runTexts(deps),
      ])
      await expectRefusalsAnswered(refusals)
      await expectRefusalsHold(leads.map((lead) => lead.phone))
      now = MORNING
      await runTexts(deps)
      expect(handed.filter((text) => text.kind === 'advert')).toEqual([])
    })

    it('records a refusal sent twice at once one time, both answers dated by it', async () => {
      const phones = Array.from({length: ROUNDS}, (_, i) => phoneOf(i))
      const answers = await Promise.all(
        phones.flatMap((phone) => [refuse(phone, NINE_AM), refuse(phone, NINE_AM + MINUTE)]),
      )
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as {
        refusedAt: string
      }[]
      const stored = await sql()<{phone: string; created_at: Date}>`
        SELECT phone, created_at FROM text_refusals ORDER BY phone`
      expect(stored.map((row) => row.phone)).toEqual(phones)
      // Each answer names the moment the number's refusal was stored, whichever won.
      phones.forEach((_, i) => {
        const first = stored[i]!.created_at.toISOString()
        expect([bodies[2 * i]!.refusedAt, bodies[2 * i + 1]!.refusedAt]).toEqual([first, first])
      })
      // Every staff request is in the audit log, as staff made it.
      const [audits] = await sql()<{count: number}>`
        SELECT count(*)::int AS count FROM audit_log WHERE action = 'refuse-texts'`
      expect(audits?.count).toBe(2 * ROUNDS)
    })

    it('records a visitor’s withdrawal made twice at once one time', async () => {
      const leads = await consentingLeads(ROUNDS)
      await Promise.all(
        leads.flatMap((lead) => [
          withdrawConsent(lead.id, now, 'owner'),
          withdrawConsent(lead.id, now, 'owner'),
        ]),
      )
      const [counts] = await sql()<{refusals: number; audits: number}>`
        SELECT (SELECT count(*)::int FROM text_refusals) AS refusals,
          (SELECT count(*)::int FROM audit_log WHERE action = 'withdraw-consent') AS audits`
      expect(counts).toEqual({refusals: ROUNDS, audits: ROUNDS})
    })
  })
})
