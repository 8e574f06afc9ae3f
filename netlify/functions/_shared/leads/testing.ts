import {afterAll, beforeAll, beforeEach} from 'vitest'
import {startFakeFormService, type FakeFormService} from '#tests/helpers/fake-form-service.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {SiteDirectory} from './sites.ts'
import {leadColumns, leadFromRow, type LeadRow} from './store.ts'

/* Shared by the lead tests only (nothing in the functions imports it). */

export const TEST_PHONE = '1661-0440'

/**
 * The forwarding timeout of the tests that expect the fake service to answer: a loopback
 * answer takes milliseconds, and a busy machine must not turn it into a timeout. A test of
 * the timeout itself sets a short one against the service's slow mode.
 */
export const DELIVERY_TIMEOUT_MS = 10_000

/** The sites of the seed as the lake would answer them: `daegu` is the default. */
export function testSites(): SiteDirectory {
  return new SiteDirectory(async () => ({
    sites: new Set(['daegu', 'busan']),
    defaultSite: 'daegu',
    phone: TEST_PHONE,
  }))
}

export const validBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: '홍길동',
  phone: '01012345678',
  consent: true,
  source: 'popup',
  fillMs: 8000,
  ...extra,
})

export function jsonRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/api/register', {
    method: 'POST',
    headers: {'Content-Type': 'application/json', ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function formRequest(fields: Record<string, string>): Request {
  return new Request('http://localhost/api/register', {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams(fields).toString(),
  })
}

/** Every stored lead of a pile, newest first, read straight from the database. */
export async function storedLeads(pile: 'lead' | 'spam' = 'lead'): Promise<Lead[]> {
  const s = sql()
  const rows = await s<LeadRow>`SELECT ${leadColumns(s)}
    FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
    WHERE (l.spam_reason IS NOT NULL) = ${pile === 'spam'} ORDER BY l.created_at DESC, l.id DESC`
  return rows.map(leadFromRow)
}

/**
 * For a lead test's `describe`: the test database (emptied before each test) and the
 * fake form service, started before its tests and stopped after them; before each test
 * the service is put back to `ok` and forgets what it received. Hooks the test adds
 * after calling this run after that reset. The answer stands for the service started in
 * `beforeAll`.
 */
export function useLeadTestServices(): Omit<FakeFormService, 'close'> {
  let started: FakeFormService | undefined
  const service = (): FakeFormService => {
    if (!started) throw new Error('useLeadTestServices: the fake form service starts in beforeAll')
    return started
  }

  withTestDatabase()
  beforeAll(async () => {
    started = await startFakeFormService()
  })
  afterAll(async () => {
    await started?.close()
  })
  beforeEach(() => {
    service().setMode('ok')
    service().reset()
  })

  return {
    get url() {
      return service().url
    },
    get received() {
      return service().received
    },
    requests: () => service().requests(),
    setMode: (mode) => service().setMode(mode),
    reset: () => service().reset(),
  }
}
