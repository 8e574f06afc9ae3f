import {beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {hashPassword} from '../auth/password.ts'
import {mintAdminToken, TEST_AUTH_SECRET, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import type {AwayAnswer, OwnerAnswer} from '#shared/leads/owners.ts'
import {sql} from '../database.ts'
import {seedTextContent} from '../texts/testing.ts'
import {listLeadsHandler} from './admin-handlers.ts'
import {awayHandler, createOwnerHandler, OWNER_MESSAGES} from './owner-handlers.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, testSites, validBody} from './testing.ts'
import {HONEYPOT_FIELD} from '#shared/leads/registration-contract.ts'

const ADMIN = 'boss@example.com'
const COUNSELLORS = [
  'a@example.com',
  'b@example.com',
  'c@example.com',
  'd@example.com',
  'e@example.com',
]
const BUSAN = 'busan-staff@example.com'
const NOW = Date.parse('2026-11-26T10:00:00+09:00')

let adminUsers = ''
beforeAll(async () => {
  const hash = await hashPassword('비밀번호-123', {N: 1024, r: 8, p: 1})
  adminUsers = [
    `${ADMIN}:${hash}`,
    ...COUNSELLORS.map((email) => `${email}:${hash}:daegu`),
    `${BUSAN}:${hash}:busan`,
  ].join(',')
})

const env = () => ({
  ADMIN_USERS: adminUsers,
  REGISTER_RATE_LIMIT: '100000',
  AUTH_SECRET: TEST_AUTH_SECRET,
})

/** Each registration a second after the one before, so the leads' order is theirs. */
let tick = 0
const register = (phone: string, extra: Record<string, unknown> = {}) =>
  createRegisterHandler({
    clock: () => NOW + ++tick * 1000,
    sites: testSites(),
    env: env(),
    texts: {content: seedTextContent},
  })(jsonRequest(validBody({phone, ...extra})), {ip: '203.0.113.5'})

const phoneOf = (i: number) => `010-2000-${String(i).padStart(4, '0')}`

/** Owners of the stored leads, oldest first. */
const owners = async () =>
  (await sql()<{owner: string | null}>`SELECT owner FROM leads ORDER BY created_at, receipt`).map(
    (row) => row.owner,
  )

const counts = (list: (string | null)[]) => {
  const tally: Record<string, number> = {}
  for (const owner of list) tally[owner ?? 'nobody'] = (tally[owner ?? 'nobody'] ?? 0) + 1
  return tally
}

async function staffCall(
  handler: (
    req: Request,
    context: typeof TEST_STAFF_CONTEXT & {params?: Record<string, string>},
  ) => Promise<Response>,
  {
    email,
    sites = null,
    method = 'GET',
    path,
    body,
    params,
  }: {
    email: string
    sites?: string[] | null
    method?: string
    path: string
    body?: unknown
    params?: Record<string, string>
  },
) {
  const token = await mintAdminToken(email, new Date(), sites)
  const response = await handler(
    new Request(`http://localhost${path}`, {
      method,
      headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    }),
    {...TEST_STAFF_CONTEXT, ...(params ? {params} : {})},
  )
  return {status: response.status, body: (await response.json()) as Record<string, unknown>}
}

describe('owners of leads', () => {
  withTestDatabase()
  beforeEach(() => {
    vi.stubEnv('ADMIN_USERS', adminUsers)
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    return () => vi.unstubAllEnvs()
  })

  const leadIds = async () =>
    (await sql()<{id: string}>`SELECT id FROM leads ORDER BY created_at, receipt`).map((r) => r.id)
  const ownerOf = (id: string, as = {email: ADMIN, sites: null as string[] | null}) =>
    staffCall(createOwnerHandler(env()), {
      ...as,
      path: `/api/admin/leads/${id}/owner`,
      params: {id},
    })
  const assign = (id: string, owner: string, as = {email: ADMIN, sites: null as string[] | null}) =>
    staffCall(createOwnerHandler(env()), {
      ...as,
      method: 'PUT',
      path: `/api/admin/leads/${id}/owner`,
      params: {id},
      body: {owner},
    })
  const markAway = (email: string, away: boolean, sites = ['daegu']) =>
    staffCall(awayHandler, {email, sites, method: 'PUT', path: '/api/admin/away', body: {away}})

  it('hands new leads to the site’s counsellors in turn', async () => {
    for (let i = 0; i < 7; i++) expect((await register(phoneOf(i))).status).toBe(201)
    expect(await owners()).toEqual([...COUNSELLORS, COUNSELLORS[0], COUNSELLORS[1]])
  })

  it('skips a counsellor marked away until they are back', async () => {
    const away = await markAway(COUNSELLORS[1]!, true)
    expect(away.body).toEqual({ok: true, away: true} satisfies AwayAnswer)
    for (let i = 0; i < 4; i++) await register(phoneOf(i))
    expect(await owners()).not.toContain(COUNSELLORS[1])
    expect((await markAway(COUNSELLORS[1]!, false)).body).toEqual({ok: true, away: false})
    const asked = await staffCall(awayHandler, {
      email: COUNSELLORS[1]!,
      sites: ['daegu'],
      path: '/api/admin/away',
    })
    expect(asked.body).toEqual({ok: true, away: false})
    for (let i = 4; i < 9; i++) await register(phoneOf(i))
    expect((await owners()).slice(4)).toContain(COUNSELLORS[1])
  })

  it('keeps the owner of a returning number', async () => {
    await register(phoneOf(1))
    await register(phoneOf(2))
    await register(phoneOf(1), {name: '홍길동'})
    expect(await owners()).toEqual([COUNSELLORS[0], COUNSELLORS[1], COUNSELLORS[0]])
  })

  it('gives a site without counsellors to its administrators, and spam to nobody', async () => {
    const noBusan = {...env(), ADMIN_USERS: adminUsers.split(',').slice(0, 6).join(',')}
    await createRegisterHandler({
      clock: () => NOW,
      sites: testSites(),
      env: noBusan,
      texts: {content: seedTextContent},
    })(jsonRequest(validBody({phone: phoneOf(1), site: 'busan'})), {ip: '203.0.113.5'})
    await register(phoneOf(2), {[HONEYPOT_FIELD]: 'http://spam.example'})
    expect(await owners()).toEqual([ADMIN, null])
  })

  it('shows the owner on the lead and in the list, with a filter of one’s own leads', async () => {
    for (let i = 0; i < 3; i++) await register(phoneOf(i))
    const [first] = await leadIds()
    const detail = await ownerOf(first!)
    expect(detail.body).toMatchObject({
      ok: true,
      owner: COUNSELLORS[0],
    } satisfies Partial<OwnerAnswer>)
    expect((detail.body as unknown as OwnerAnswer).choices.map((c) => c.email)).toEqual([
      ...COUNSELLORS,
      ADMIN,
    ])
    const mine = await staffCall(listLeadsHandler, {
      email: COUNSELLORS[1]!,
      sites: ['daegu'],
      path: '/api/admin/leads?mine=1',
    })
    const leads = mine.body.leads as {owner?: string; phone: string}[]
    expect(leads.map((lead) => [lead.phone, lead.owner])).toEqual([[phoneOf(1), COUNSELLORS[1]]])
  })

  it('changes an owner by hand and records it in the lead’s history', async () => {
    await register(phoneOf(1))
    const [id] = await leadIds()
    const changed = await assign(id!, COUNSELLORS[3]!, {email: COUNSELLORS[0]!, sites: ['daegu']})
    expect(changed.status).toBe(200)
    expect(changed.body.owner).toBe(COUNSELLORS[3])
    const audit = await sql()<{actor: string; detail: unknown}>`
      SELECT actor, detail FROM audit_log WHERE action = 'owner'`
    expect(audit).toEqual([
      {actor: COUNSELLORS[0], detail: {from: COUNSELLORS[0], to: COUNSELLORS[3]}},
    ])
  })

  it('refuses, in Korean and changing nothing, another site’s lead or an owner from elsewhere', async () => {
    await register(phoneOf(1))
    const [id] = await leadIds()
    const otherSite = await assign(id!, COUNSELLORS[2]!, {email: BUSAN, sites: ['busan']})
    expect(otherSite.status).toBe(404)
    expect(otherSite.body.error).toBe('문의를 찾을 수 없습니다. 이미 삭제되었을 수 있습니다.')
    const notStaff = await assign(id!, BUSAN, {email: COUNSELLORS[0]!, sites: ['daegu']})
    expect(notStaff).toEqual({
      status: 400,
      body: {ok: false, error: OWNER_MESSAGES.notStaff, fields: {owner: OWNER_MESSAGES.notStaff}},
    })
    const empty = await assign(id!, ' ')
    expect(empty.status).toBe(400)
    expect(empty.body.error).toBe(OWNER_MESSAGES.missing)
    const badAway = await staffCall(awayHandler, {
      email: ADMIN,
      method: 'PUT',
      path: '/api/admin/away',
      body: {away: 'yes'},
    })
    expect(badAway.status).toBe(400)
    expect(await owners()).toEqual([COUNSELLORS[0]])
    expect((await sql()`SELECT 1 FROM audit_log WHERE action = 'owner'`).length).toBe(0)
  })

  forEachDatabase('concurrent registrations', () => {
    it('gives 100 concurrent registrations over 5 counsellors 20 each', async () => {
      const answers = await Promise.all(
        Array.from({length: 100}, (_, i) => register(phoneOf(i)).then((r) => r.status)),
      )
      expect(answers.every((status) => status === 201)).toBe(true)
      expect(counts(await owners())).toEqual(
        Object.fromEntries(COUNSELLORS.map((email) => [email, 20])),
      )
    }, 120_000)
  })
})
