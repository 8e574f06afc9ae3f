import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, validBody} from '../leads/testing.ts'
import {confirmConsent} from '../visits/store.ts'
import {advertDueAt, isQuietHour} from './outbox-rules.ts'
import {runTexts, sendTextsFor} from './outbox-run.ts'
import type {TextContentLoader} from './content.ts'
import {localProvider} from './provider.ts'
import {recordRefusalHandler} from './refusals.ts'
import {seedTextContent, storedTexts} from './testing.ts'

const MINUTE = 60_000
/** 09:00 in Seoul on Thursday 26 November 2026. */
const NINE_AM = Date.parse('2026-11-26T09:00:00+09:00')
/** 23:30 in Seoul the same day: the quiet hours. */
const NIGHT = Date.parse('2026-11-26T23:30:00+09:00')
/** 08:00 in Seoul the next morning, when the night's adverts may go. */
const MORNING = Date.parse('2026-11-27T08:00:00+09:00')
const ENV = {SITE_URL: 'https://soldam.example', AUTH_SECRET: 'a'.repeat(48)}

describe('the advertising text', () => {
  withTestDatabase()
  let now: number
  const clock = () => now
  const deps = {clock, env: ENV, content: seedTextContent, provider: localProvider}

  /**
   * A registration whose number's owner confirms the ticked marketing consent at once, as
   * the texted link does (the advert is queued then).
   */
  const register = async (body: Record<string, unknown> = {}, content = seedTextContent) => {
    const response = await createRegisterHandler({
      clock,
      sites: testSites(),
      env: {...ENV, REGISTER_RATE_LIMIT: '0'},
      texts: {content, provider: localProvider},
    })(jsonRequest(validBody(body)), {ip: '203.0.113.9'})
    const {receipt} = (await response.clone().json()) as {receipt: string}
    const [lead] = await sql()<{id: string}>`SELECT id FROM leads WHERE receipt = ${receipt}`
    if (lead && (await confirmConsent(lead.id, now)))
      await sendTextsFor(lead.id, {...deps, content})
    return response
  }

  /** The seed's content with each site's refusal number replaced. */
  const withRefusalPhones =
    (phones: Record<string, string | null>): TextContentLoader =>
    async () => {
      const content = await seedTextContent()
      const daegu = content.sites.get('daegu')!
      return {
        ...content,
        sites: new Map(
          Object.entries(phones).map(([slug, refusalPhone]) => [slug, {...daegu, refusalPhone}]),
        ),
      }
    }

  const refuse = async (phone: unknown, auth = true) =>
    recordRefusalHandler(
      new Request('http://localhost/api/admin/refusals', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(auth ? {Authorization: `Bearer ${await mintAdminToken()}`} : {}),
        },
        body: JSON.stringify({phone}),
      }),
      {ip: '192.0.2.10'},
      now,
    )

  const adverts = async () => (await storedTexts()).filter((text) => text.kind === 'advert')

  beforeEach(() => {
    now = NINE_AM
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('goes once, as its own text, to a registration with marketing consent', async () => {
    expect((await register({marketingConsent: true})).status).toBe(201)
    await runTexts(deps)
    const texts = await storedTexts()
    expect(texts.map((text) => `${text.kind} ${text.status}`).sort()).toEqual([
      'acknowledgement kept',
      'advert kept',
    ])
    const advert = texts.find((text) => text.kind === 'advert')!
    expect(advert.recipient).toBe('010-1234-5678')
    expect(advert.body).toMatch(/^\(광고\)\[솔담 레이크파크\] /)
    expect(advert.body).toContain('84A 잔여 3세대, 84B 마감, 84C 잔여 9세대 (11월 26일 기준)')
    expect(advert.body).toContain('무료수신거부 080-500-0440')
    // The confirmation of the registration carries no advertising.
    expect(texts.find((text) => text.kind === 'acknowledgement')?.body).not.toContain('광고')
  })

  it('goes to nobody who did not tick the marketing consent', async () => {
    await register()
    await runTexts(deps)
    expect(await adverts()).toEqual([])
  })

  it('keeps the text of the marketing consent ticked, and only then', async () => {
    const version = '2026-11-20T09:15:00Z'
    await register({
      marketingConsent: true,
      consentVersion: version,
      marketingConsentVersion: version,
    })
    await register({
      phone: '010-2222-3333',
      consentVersion: version,
      marketingConsentVersion: version,
    })
    const leads = await storedLeads()
    expect(leads.map((lead) => [lead.phone, lead.marketingConsentVersion]).sort()).toEqual([
      ['010-1234-5678', version],
      ['010-2222-3333', undefined],
    ])
  })

  it('waits out the night in Seoul, due at 08:00', async () => {
    expect(isQuietHour(Date.parse('2026-11-26T20:59:00+09:00'))).toBe(false)
    expect(isQuietHour(Date.parse('2026-11-26T21:00:00+09:00'))).toBe(true)
    expect(advertDueAt(NIGHT)).toBe(MORNING)
    expect(advertDueAt(Date.parse('2026-11-27T07:59:00+09:00'))).toBe(MORNING)
    expect(advertDueAt(NINE_AM)).toBe(NINE_AM)

    now = NIGHT
    await register({marketingConsent: true})
    // The registration's own text goes at once; the advert waits.
    expect((await storedTexts()).map((text) => `${text.kind} ${text.status}`).sort()).toEqual([
      'acknowledgement kept',
      'advert queued',
    ])
    expect((await adverts())[0]?.next_attempt_at?.getTime()).toBe(MORNING)
    now = MORNING - MINUTE
    await runTexts(deps)
    expect((await adverts())[0]?.status).toBe('queued')
    now = MORNING
    await runTexts(deps)
    expect((await adverts())[0]?.status).toBe('kept')
  })

  it('retries a failed advert in the day only', async () => {
    now = NIGHT
    await register({marketingConsent: true})
    // A failed attempt due again at 23:45 still waits for the morning.
    await sql()`UPDATE text_messages SET status = 'failed', next_attempt_at = ${new Date(NIGHT)}
      WHERE kind = 'advert'`
    now = NIGHT + 15 * MINUTE
    await runTexts(deps)
    expect((await adverts())[0]?.status).toBe('failed')
    now = MORNING
    await runTexts(deps)
    expect((await adverts())[0]?.status).toBe('kept')
  })

  it('is cancelled by a refusal while it waits, and staff see why', async () => {
    now = NIGHT
    await register({marketingConsent: true})
    now = NIGHT + 10 * MINUTE
    const response = await refuse('010 1234 5678')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      ok: true,
      phone: '010-1234-5678',
      refusedAt: new Date(now).toISOString(),
      cancelled: 1,
    })
    expect(await adverts()).toMatchObject([{status: 'cancelled', last_error: '수신거부'}])
    now = MORNING
    await runTexts(deps)
    expect(await adverts()).toMatchObject([{status: 'cancelled'}])
    const log = await sql()<{action: string; actor: string; detail: unknown}>`
      SELECT action, actor, detail FROM audit_log`
    expect(log).toEqual([
      {action: 'refuse-texts', actor: 'admin@example.com', detail: {phone: '010-1234-5678'}},
    ])
    // A second refusal keeps the first one's time and cancels nothing more.
    now += MINUTE
    expect(await (await refuse('01012345678')).json()).toMatchObject({
      refusedAt: new Date(NIGHT + 10 * MINUTE).toISOString(),
      cancelled: 0,
    })
  })

  it('never goes to a number that refused, whatever a later form ticks, on any site', async () => {
    const content = withRefusalPhones({daegu: '080-500-0440', busan: '080-600-0440'})
    await refuse('010-1234-5678')
    await register({marketingConsent: true}, content)
    await register({marketingConsent: true, site: 'busan'}, content)
    // Another number on the other site gets its advert: the refusal is the number's.
    await register({marketingConsent: true, site: 'busan', phone: '010-5555-6666'}, content)
    now = MORNING
    await runTexts({...deps, content})
    expect((await adverts()).map((text) => text.recipient)).toEqual(['010-5555-6666'])
    expect((await adverts())[0]?.body).toContain('무료수신거부 080-600-0440')
    const [refusal] = await sql()<{phone: string; source: string; actor: string}>`
      SELECT phone, source, actor FROM text_refusals`
    expect(refusal).toEqual({phone: '010-1234-5678', source: 'staff', actor: 'admin@example.com'})
  })

  it('is cancelled at its send when the refusal came in another way', async () => {
    now = NIGHT
    await register({marketingConsent: true})
    // As the 080 service would record it, without cancelling anything itself.
    await sql()`INSERT INTO text_refusals (phone, created_at, source, actor)
      VALUES ('010-1234-5678', ${new Date(NIGHT)}, '080', 'test-080')`
    now = MORNING
    await runTexts(deps)
    expect(await adverts()).toMatchObject([{status: 'cancelled', last_error: '수신거부'}])
  })

  it('refuses a malformed number in Korean and strangers, storing nothing', async () => {
    const bad = await refuse('12345')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      ok: false,
      error: '전화번호를 확인해 주세요.',
      fields: {phone: '올바른 전화번호 형식이 아닙니다.'},
    })
    expect((await refuse('010-1234-5678', false)).status).toBe(401)
    expect(await sql()`SELECT 1 FROM text_refusals`).toEqual([])
    expect(await sql()`SELECT 1 FROM audit_log`).toEqual([])
  })

  it('offers the owner’s link as the free way to refuse when the site has no 080 number', async () => {
    const noRefusalLine = withRefusalPhones({daegu: null})
    await register({marketingConsent: true}, noRefusalLine)
    const texts = await storedTexts()
    const acknowledgement = texts.find((text) => text.kind === 'acknowledgement')!
    const link = /https?:\/\/\S+\/visit\/\S+/.exec(acknowledgement.body)![0]
    const advert = texts.find((text) => text.kind === 'advert')
    expect(advert?.body).toContain(`수신거부: ${link}`)
  })
})
