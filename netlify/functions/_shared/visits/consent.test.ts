import {describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {LEAD_STAGES} from '#shared/leads/lead.ts'
import {sql} from '../database.ts'
import {leadHandler} from '../leads/admin-handlers.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {runTexts} from '../texts/outbox-run.ts'
import {localProvider} from '../texts/provider.ts'
import {recordRefusalHandler} from '../texts/refusals.ts'
import {seedTextContent, storedTexts} from '../texts/testing.ts'
import {
  createCancelHandler,
  createConsentHandler,
  createMoveHandler,
  createVisitHandler,
} from './handlers.ts'
import {
  NOW,
  OTHER_SITE,
  SITE,
  testHouses,
  testSiteDirectory,
  useVisitTestServices,
} from './testing.ts'
import {visitToken, type LinkHolder} from '../auth/visit-link.ts'

/*
 * Marketing consent counts once the number's owner confirms it through the link texted to
 * the number; the registrant's link (the registration's answer) neither confirms it nor
 * withdraws it beyond its own lead.
 */

const MINUTE = 60_000
const SLOT = '2026-11-27T10:00:00+09:00'
const OTHER_SLOT = '2026-11-27T11:00:00+09:00'
const LATER_SLOT = '2026-11-28T14:00:00+09:00'
const PHONE = '010-1234-5678'

interface LeadConsent {
  site: string
  marketing_consent: boolean
  marketing_confirmed_at: Date | null
  marketing_confirmed_via: string | null
}

describe('marketing consent from the number’s owner', () => {
  useVisitTestServices()
  let now = NOW
  const clock = () => now
  // Both sites name a free refusal number, so an advert could go to a lead of either.
  const content = async () => {
    const seed = await seedTextContent()
    const daegu = seed.sites.get('daegu')!
    return {
      ...seed,
      sites: new Map([
        [SITE, daegu],
        [OTHER_SITE, daegu],
      ]),
    }
  }
  const texts = {content, provider: localProvider}
  const deps = () => ({clock, houses: testHouses(), texts})
  const register = async (extra: Record<string, unknown>) =>
    createRegisterHandler({
      ...deps(),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '0'},
    })(jsonRequest(validBody(extra)), {ip: '203.0.113.7'})
  const book = async (extra: Record<string, unknown> = {}) => {
    const response = await register({site: SITE, visitAt: SLOT, marketingConsent: true, ...extra})
    expect(response.status).toBe(201)
    return (await response.json()) as {manageUrl: string}
  }
  const consent = (token: string, marketing: unknown) =>
    createConsentHandler(deps())(
      new Request(`http://localhost/api/visits/${token}/consent`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({marketing}),
      }),
      {params: {token}},
    )
  const tokenOf = (url: string) => url.split('/').at(-1)!
  const ownerToken = async () => {
    const text = (await storedTexts()).find((row) => row.kind === 'confirmation')!
    return tokenOf(/https?:\/\/\S+\/visit\/\S+/.exec(text.body)![0])
  }
  const adverts = async () => (await storedTexts()).filter((row) => row.kind === 'advert')
  const leads = () => sql()<LeadConsent>`SELECT site, marketing_consent, marketing_confirmed_at,
    marketing_confirmed_via FROM leads ORDER BY site`
  const sweep = () => runTexts({clock, env: process.env, ...texts})

  it('queues no advert for consent ticked at registration until the owner confirms', async () => {
    await book()
    now += 10 * MINUTE
    await sweep()
    expect((await storedTexts()).map((row) => row.kind)).toEqual(['confirmation'])
    expect(await adverts()).toEqual([])
  })

  it('makes the lead eligible once the owner confirms through the texted link', async () => {
    const {manageUrl} = await book()
    const owner = await ownerToken()
    expect(owner).not.toBe(tokenOf(manageUrl))

    // The registrant's link, which whoever filled in the form has, confirms nothing.
    const registrant = await consent(tokenOf(manageUrl), true)
    expect(registrant.status).toBe(403)
    expect(((await registrant.json()) as {error: string}).error).toContain('문자의 링크')
    expect(await adverts()).toEqual([])

    now += MINUTE
    const confirmed = await consent(owner, true)
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({
      visit: {marketingConsent: true, marketingConfirmed: true, owner: true},
    })
    expect(await leads()).toEqual([
      {
        site: SITE,
        marketing_consent: true,
        marketing_confirmed_at: new Date(now),
        marketing_confirmed_via: 'link',
      },
    ])
    expect(await adverts()).toMatchObject([{recipient: PHONE, status: 'kept'}])
    // A second tap keeps the first confirmation and sends nothing more.
    now += MINUTE
    expect((await consent(owner, true)).status).toBe(200)
    expect((await leads())[0]?.marketing_confirmed_at).toEqual(new Date(now - MINUTE))
    expect(await adverts()).toHaveLength(1)
  })

  it('lets the owner of a number registered without a visit confirm through the acknowledgement', async () => {
    const response = await register({site: SITE, marketingConsent: true})
    expect(response.status).toBe(201)
    // The registration's answer carries no link: only the text to the number does.
    expect(await response.json()).not.toHaveProperty('manageUrl')
    const [acknowledgement] = await storedTexts()
    expect(acknowledgement?.kind).toBe('acknowledgement')
    const owner = tokenOf(/https?:\/\/\S+\/visit\/\S+/.exec(acknowledgement!.body)![0])
    const at = (action = '') => new Request(`http://localhost/api/visits/${owner}${action}`)
    const post = (action: string) =>
      new Request(`http://localhost/api/visits/${owner}/${action}`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({visitAt: LATER_SLOT}),
      })

    const view = await createVisitHandler(deps())(at(), {params: {token: owner}})
    expect(view.status).toBe(200)
    expect(await view.json()).toMatchObject({
      visit: {
        status: 'registered',
        start: null,
        siteName: '솔담 레이크파크',
        marketingConsent: true,
        marketingConfirmed: false,
        owner: true,
        changeable: false,
      },
    })
    for (const handler of [createCancelHandler, createMoveHandler]) {
      const refused = await handler(deps())(
        post(handler === createMoveHandler ? 'move' : 'cancel'),
        {
          params: {token: owner},
        },
      )
      expect(refused.status).toBe(409)
      expect(((await refused.json()) as {error: string}).error).toContain('예약된 방문이 없습니다')
    }
    now += 10 * MINUTE
    await sweep()
    expect(await adverts()).toEqual([])

    const confirmed = await consent(owner, true)
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({
      visit: {status: 'registered', marketingConfirmed: true},
    })
    expect(await adverts()).toMatchObject([{recipient: PHONE, status: 'kept'}])
  })

  it('has nothing to confirm for a booking without marketing consent', async () => {
    await book({marketingConsent: false})
    expect((await consent(await ownerToken(), true)).status).toBe(409)
    expect((await leads())[0]?.marketing_confirmed_at).toBeNull()
  })

  it('withdraws on other sites only from the owner’s link', async () => {
    const first = await book()
    await book({site: OTHER_SITE, visitAt: OTHER_SLOT})
    // The registrant's link withdraws its own lead's consent, nothing else.
    expect((await consent(tokenOf(first.manageUrl), false)).status).toBe(200)
    expect((await leads()).map((row) => [row.site, row.marketing_consent])).toEqual([
      [SITE, false],
      [OTHER_SITE, true],
    ])
    expect(await sql()`SELECT phone FROM text_refusals`).toEqual([])

    const other = (await sql()<{id: string}>`SELECT id FROM leads WHERE site = ${OTHER_SITE}`)[0]!
    expect((await consent(visitToken(other.id, process.env, 'owner'), false)).status).toBe(200)
    expect((await leads()).map((row) => row.marketing_consent)).toEqual([false, false])
    expect(await sql()`SELECT phone, source FROM text_refusals`).toEqual([
      {phone: PHONE, source: 'visitor'},
    ])
  })

  it('never queues an advert for an unconfirmed number, whatever the sequence', async () => {
    // A seeded generator (mulberry32): a failure replays exactly.
    let seed = 38
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    const phones = Array.from({length: 12}, (_, i) => `010-3000-${String(i).padStart(4, '0')}`)
    const admin = await mintAdminToken()
    const staff = {ip: '192.0.2.10'}
    const leadIds = async () =>
      (await sql()<{id: string}>`SELECT id FROM leads ORDER BY created_at, id`).map((r) => r.id)
    /** A tap on the consent of some lead, through the link of `holder`. */
    const onSomeLead = (holder: LinkHolder, marketing: boolean) => async () => {
      const ids = await leadIds()
      if (ids.length) await consent(visitToken(pick(ids), process.env, holder), marketing)
    }

    const steps: Record<string, () => Promise<unknown>> = {
      register: () =>
        register({
          site: pick([SITE, OTHER_SITE]),
          phone: pick(phones),
          marketingConsent: random() < 0.8,
          ...(random() < 0.7 ? {visitAt: pick([SLOT, OTHER_SLOT, LATER_SLOT])} : {}),
        }),
      confirmByOwner: onSomeLead('owner', true),
      confirmByRegistrant: onSomeLead('registrant', true),
      withdrawByOwner: onSomeLead('owner', false),
      withdrawByRegistrant: onSomeLead('registrant', false),
      staffStage: async () => {
        const ids = await leadIds()
        if (!ids.length) return
        const id = pick(ids)
        await leadHandler(
          new Request(`http://localhost/api/admin/leads/${id}`, {
            method: 'PATCH',
            headers: {Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json'},
            body: JSON.stringify({stage: pick(LEAD_STAGES.filter((s) => s !== 'new'))}),
          }),
          {...staff, params: {id}},
          now,
        )
      },
      staffRefusal: () =>
        recordRefusalHandler(
          new Request('http://localhost/api/admin/refusals', {
            method: 'POST',
            headers: {Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json'},
            body: JSON.stringify({phone: pick(phones)}),
          }),
          staff,
          now,
        ),
      sweep,
    }
    const names = Object.keys(steps)
    // Refusals last for good: they come rarer, so that confirmed numbers stay to test.
    const weighted = names.flatMap((name) =>
      Array<string>(/refusal|withdraw/i.test(name) ? 1 : 3).fill(name),
    )
    const done: string[] = []
    for (let i = 0; i < 200; i++) {
      const name = pick(weighted)
      done.push(name)
      await steps[name]!()
      now += Math.floor(random() * 5 * MINUTE)
      // An advert exists only for a lead its number's owner confirmed before it was queued.
      const unconfirmed = await sql()<{id: string}>`
        SELECT t.id FROM text_messages t JOIN leads l ON l.id = t.lead_id
        WHERE t.kind = 'advert'
          AND (l.marketing_confirmed_at IS NULL OR l.marketing_confirmed_at > t.created_at)`
      expect(unconfirmed, `after ${done.join(', ')}`).toEqual([])
    }
    // The sequence reached every path, and some adverts did go to confirmed numbers.
    expect(new Set(done)).toEqual(new Set(names))
    expect((await adverts()).length).toBeGreaterThan(0)
  }, 180_000)
})
