import {afterAll, beforeAll, beforeEach} from 'vitest'
import {startTestBlobs} from '../../../../tests/helpers/blobs-server.ts'
import {startFakeFormService, type FakeFormService} from '../../../../tests/helpers/fake-form-service.ts'
import {openStore} from '../blobs.ts'
import type {Lead} from './lead.ts'
import {SiteDirectory} from './sites.ts'
import {listKeys} from '../blobs.ts'
import {getLead} from './store.ts'

/* Shared by the lead tests only (nothing in the functions imports it). */

export const TEST_PHONE = '1661-0440'

/** The sites of the seed as the lake would answer them: `daegu` is the default. */
export function testSites(): SiteDirectory {
  return new SiteDirectory(async () => ({sites: new Set(['daegu', 'busan']), defaultSite: 'daegu', phone: TEST_PHONE}))
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

export async function clearLeadStores(): Promise<void> {
  for (const name of ['leads', 'lead-keys', 'rate-limits'] as const) {
    const store = openStore(name)
    const {blobs} = await store.list()
    await Promise.all(blobs.map((blob) => store.delete(blob.key)))
  }
}

/** Every stored lead of a pile, newest first. */
export async function storedLeads(pile: 'lead' | 'spam' = 'lead'): Promise<Lead[]> {
  const keys = await listKeys('leads', `${pile}/`)
  return (await Promise.all(keys.map(getLead))).filter((lead): lead is Lead => lead !== null)
}

/**
 * For a lead test's `describe`: starts a local Blobs server and the fake form service
 * before its tests (stopping both after them) and, before each test, puts the service
 * back to `ok`, forgets what it received and empties the lead stores. Hooks the test
 * adds after calling this run after that reset. The answer stands for the service
 * started in `beforeAll`.
 */
export function useLeadTestServices(): Omit<FakeFormService, 'close'> {
  let blobs: Awaited<ReturnType<typeof startTestBlobs>> | undefined
  let started: FakeFormService | undefined
  const service = (): FakeFormService => {
    if (!started) throw new Error('useLeadTestServices: the fake form service starts in beforeAll')
    return started
  }

  beforeAll(async () => {
    blobs = await startTestBlobs()
    started = await startFakeFormService()
  })
  afterAll(async () => {
    await started?.close()
    await blobs?.stop()
  })
  beforeEach(async () => {
    service().setMode('ok')
    service().reset()
    await clearLeadStores()
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
