import {beforeEach, describe, expect, it} from 'vitest'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {copyProductionRows, PEOPLE_VALUES} from '#tests/helpers/production-copy.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {destroyExpired, latestDestructionRuns} from './retention.ts'
import {
  DELIVERY_TIMEOUT_MS,
  jsonRequest,
  storedLeads,
  testSites,
  useLeadTestServices,
  validBody,
} from './testing.ts'

const START = Date.parse('2026-11-21T03:00:00Z')
const DAY = 24 * 60 * 60_000
const NOTHING = {
  leads: 0,
  visits: 0,
  texts: 0,
  notes: 0,
  deliveries: 0,
  waitlistEntries: 0,
  sessions: 0,
  counters: 0,
  accessRecords: 0,
  staffLinks: 0,
  staffAccountChanges: 0,
  visitorCodes: 0,
  visitorRequests: 0,
}

describe('the retention job', () => {
  const service = useLeadTestServices()
  let now: number
  const register = () =>
    createRegisterHandler({
      clock: () => now,
      sites: testSites(),
      env: {FORM_FORWARD_URL: `${service.url}/leads`, REGISTER_RATE_LIMIT: '1000'},
      deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
    })

  beforeEach(() => {
    now = START
  })

  it('destroys leads older than the retention period, spam too, and keeps the rest', async () => {
    const handler = register()
    await handler(jsonRequest(validBody({name: '오래된'}), {'Idempotency-Key': 'old-form'}), {
      ip: '1.1.1.7',
    })
    await handler(jsonRequest(validBody({website: 'bot'})), {ip: '1.1.1.7'})
    now += 200 * DAY
    await handler(jsonRequest(validBody({name: '최근'})), {ip: '1.1.1.7'})

    now = START + 365 * DAY
    expect((await destroyExpired({now, retentionDays: 365})).destroyed.leads).toBe(0)
    now += 1
    expect((await destroyExpired({now, retentionDays: 365})).destroyed).toMatchObject({
      leads: 2,
      deliveries: 2,
    })
    expect((await storedLeads()).map((lead) => lead.name)).toEqual(['최근'])
    expect(await storedLeads('spam')).toEqual([])
    expect(await sql()`SELECT count(*)::int AS n FROM lead_deliveries`).toEqual([{n: 1}])
    // The form's key is free again: the same submission now makes a new lead.
    await handler(jsonRequest(validBody({name: '오래된'}), {'Idempotency-Key': 'old-form'}), {
      ip: '1.1.1.7',
    })
    expect(await storedLeads()).toHaveLength(2)
  })

  it('forgets ended sessions, old counters, old access records, old staff links and account changes, spent codes and old requests', async () => {
    const s = sql()
    for (const at of [new Date(now - 731 * DAY), new Date(now - DAY)]) {
      await s`INSERT INTO access_log (at, actor, address, task, method, path, status)
        VALUES (${at}, 'a@example.com', '192.0.2.1', '조회', 'GET', '/api/admin/leads', 200)`
      await s`INSERT INTO access_counts (day, actor, task, requests)
        VALUES (${at}::date, 'a@example.com', '조회', 1)`
      await s`INSERT INTO access_reviews (month, reviewer, at, note)
        VALUES ('2024-10-01', 'a@example.com', ${at}, '이상 없음')`
    }
    await s`INSERT INTO staff_accounts (email, role, sites, created_at, updated_at)
      VALUES ('a@example.com', 'administrator', '{}', ${new Date(now)}, ${new Date(now)})`
    await s`INSERT INTO staff_invites
      (token_hash, email, created_by, created_at, expires_at, used_at)
      VALUES ('old', 'a@example.com', 'b@example.com', ${new Date(now - 3 * DAY)},
        ${new Date(now - 2 * DAY)}, ${new Date(now - 3 * DAY)}),
      ('open', 'a@example.com', 'b@example.com', ${new Date(now)}, ${new Date(now + DAY)}, NULL)`
    await s`INSERT INTO staff_account_changes (at, actor, email, change) VALUES
      (${new Date(now - 1096 * DAY)}, 'b@example.com', 'a@example.com', 'invite'),
      (${new Date(now - 1094 * DAY)}, 'b@example.com', 'a@example.com', 'disable')`
    await s`INSERT INTO visitor_codes (site, phone, purpose, via, code_hash, created_at, expires_at)
      VALUES ('daegu', '010-1234-5678', 'sign-in', 'form', 'x', ${new Date(now - 2 * DAY)},
        ${new Date(now - 2 * DAY + 300_000)}),
      ('daegu', '010-1234-5678', 'sign-in', 'form', 'y', ${new Date(now)}, ${new Date(now + 300_000)})`
    // The oldest request is still open: it stays until staff answer it.
    await s`INSERT INTO visitor_requests (site, at, kind, verified_by, phone_key, status, phone,
        body, due_at)
      VALUES ('daegu', ${new Date(now - 1096 * DAY)}, 'view', 'code-form', 'k', 'done', NULL, NULL,
          NULL),
        ('daegu', ${new Date(now - 1094 * DAY)}, 'view', 'code-form', 'k', 'done', NULL, NULL, NULL),
        ('daegu', ${new Date(now - 1100 * DAY)}, 'objection', 'code-form', 'k', 'open',
          '010-1234-5678', '광고 전화를 멈춰 주세요', ${new Date(now - 1090 * DAY)})`
    await s`INSERT INTO rate_limits VALUES
      ('register', 'old', ${new Date(now - 2 * DAY)}, 3), ('register', 'new', ${new Date(now)}, 1)`
    await s`INSERT INTO audit_log (at, actor, action) VALUES
      (${new Date(now - 731 * DAY)}, 'a@example.com', 'list'),
      (${new Date(now - DAY)}, 'a@example.com', 'list')`
    await s`INSERT INTO admin_sessions (family, email, started_at, expires_at) VALUES
      (gen_random_uuid(), 'a@example.com',
        ${new Date(now - 40 * DAY)}, ${new Date(now - 10 * DAY)})`
    expect((await destroyExpired({now, retentionDays: 365})).destroyed).toEqual({
      ...NOTHING,
      sessions: 1,
      // A request counter and a day's count of the access record.
      counters: 2,
      // An audit entry, an access row and a review mark.
      accessRecords: 3,
      staffLinks: 1,
      staffAccountChanges: 1,
      visitorCodes: 1,
      visitorRequests: 1,
    })
    expect(await s`SELECT change FROM staff_account_changes`).toEqual([{change: 'disable'}])
    expect(await s`SELECT kind FROM visitor_requests ORDER BY at`).toEqual([
      {kind: 'objection'},
      {kind: 'view'},
    ])
  })

  it('records every run with its counts of each kind, and nothing about whom', async () => {
    await copyProductionRows(now)
    now += 366 * DAY
    const first = await destroyExpired({now, retentionDays: 365})
    expect(first).toEqual({
      at: new Date(now).toISOString(),
      leadsBefore: new Date(now - 365 * DAY).toISOString(),
      destroyed: {
        leads: 3,
        visits: 1,
        texts: 3,
        notes: 1,
        deliveries: 3,
        waitlistEntries: 1,
        sessions: 1,
        counters: 2,
        accessRecords: 0,
        staffLinks: 1,
        staffAccountChanges: 0,
        visitorCodes: 2,
        visitorRequests: 0,
      },
    })
    now += DAY
    const second = await destroyExpired({now, retentionDays: 365})
    expect(second.destroyed).toEqual(NOTHING)
    expect(await latestDestructionRuns(10)).toEqual([second, first])
    const record = JSON.stringify(await sql()`SELECT * FROM destruction_runs`)
    expect(PEOPLE_VALUES.filter((value) => record.includes(value))).toEqual([])
    // What is not the leads' is kept: the refusal of the number stays until it is withdrawn.
    expect(await sql()`SELECT count(*)::int AS n FROM text_refusals`).toEqual([{n: 1}])
  })

  it('destroys a backlog in batches, each recorded', async () => {
    await copyProductionRows(now)
    now += 366 * DAY
    expect((await destroyExpired({now, retentionDays: 365, batch: 2})).destroyed.leads).toBe(2)
    expect((await destroyExpired({now, retentionDays: 365, batch: 2})).destroyed.leads).toBe(1)
    expect((await latestDestructionRuns(10)).map((run) => run.destroyed.leads)).toEqual([1, 2])
  })
})

forEachDatabase('two retention runs at once', () => {
  it('destroy each lead once and count it once', async () => {
    const at = Date.parse('2025-11-01T03:00:00Z')
    await copyProductionRows(at)
    const now = at + 400 * DAY
    const runs = await Promise.all(
      Array.from({length: 6}, () => destroyExpired({now, retentionDays: 365})),
    )
    const total = (kind: 'leads' | 'texts' | 'visits') =>
      runs.reduce((sum, run) => sum + run.destroyed[kind], 0)
    expect([total('leads'), total('texts'), total('visits')]).toEqual([3, 3, 1])
    expect(await sql()`SELECT count(*)::int AS n FROM destruction_runs`).toEqual([{n: 6}])
  })
})
