import {afterEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import deliverLeads, {config} from '#netlify/functions/deliver-leads.mts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../scheduled-runs.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {
  DELIVERY_TIMEOUT_MS,
  jsonRequest,
  storedLeads,
  testSites,
  useLeadTestServices,
  validBody,
} from './testing.ts'

describe('the deliver-leads function', () => {
  // Each run is recorded in Blobs.
  withTestBlobs()
  const service = useLeadTestServices()
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  const run = (headers: Record<string, string> = {}) =>
    deliverLeads(
      new Request('http://localhost/.netlify/functions/deliver-leads', {
        method: 'POST',
        headers,
        body: '{"next_run":"2026-11-21T03:05:00Z"}',
      }),
    )

  async function dueLeads(): Promise<void> {
    vi.stubEnv('FORM_FORWARD_URL', `${service.url}/leads`)
    vi.stubEnv('LEAD_RETENTION_DAYS', '30')
    const register = (at: number) =>
      createRegisterHandler({
        clock: () => at,
        sites: testSites(),
        env: {FORM_FORWARD_URL: `${service.url}/leads`, REGISTER_RATE_LIMIT: '1000'},
        deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
      })
    service.setMode('fail')
    await register(Date.now() - 5 * 60_000)(jsonRequest(validBody({name: '재시도'})), {
      ip: '10.1.1.1',
    })
    await register(Date.now() - 31 * 24 * 60 * 60_000)(jsonRequest(validBody({name: '만료'})), {
      ip: '10.1.1.1',
    })
    service.setMode('ok')
    service.reset()
  }

  it('runs every 5 minutes on Netlify', () => {
    expect(config.schedule).toBe('*/5 * * * *')
  })

  it("on Netlify's schedule, retries due deliveries and leaves expired leads to the daily retention job", async () => {
    await dueLeads()
    const response = await run()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      ok: true,
      ran: true,
      delivery: {due: 2, delivered: 2, failed: 0},
    })
    expect((await storedLeads()).map((lead) => [lead.name, lead.delivery.status])).toEqual([
      ['재시도', 'delivered'],
      ['만료', 'delivered'],
    ])
  })

  describe('under the local stack (LOCAL_SCHEDULER)', () => {
    it('starts nothing for an anonymous request, nor for a forged or stale signature', async () => {
      await dueLeads()
      vi.stubEnv('LOCAL_SCHEDULER', '1')
      vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
      const forged = signScheduledRun('deliver-leads', 'another-secret-of-at-least-32-characters')
      const stale = signScheduledRun('deliver-leads', TEST_AUTH_SECRET, Date.now() - 5 * 60_000)
      const otherJob = signScheduledRun('another-job', TEST_AUTH_SECRET)
      const anonymous: Record<string, string>[] = [
        {},
        {'x-nf-event': 'schedule', 'user-agent': 'Netlify Clockwork'},
      ]
      for (const headers of [
        ...anonymous,
        ...[forged, stale, otherJob, 'x'].map((value) => ({[SCHEDULE_SIGNATURE_HEADER]: value})),
      ]) {
        const response = await run(headers)
        expect(response.status).toBe(401)
      }
      expect(service.requests()).toBe(0)
      expect((await storedLeads()).map((lead) => [lead.name, lead.delivery.status])).toEqual([
        ['재시도', 'failed'],
        ['만료', 'failed'],
      ])
    })

    it("runs for the stack's signed request", async () => {
      await dueLeads()
      vi.stubEnv('LOCAL_SCHEDULER', '1')
      vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
      const response = await run({
        [SCHEDULE_SIGNATURE_HEADER]: signScheduledRun('deliver-leads', TEST_AUTH_SECRET),
      })
      expect(response.status).toBe(200)
      expect(service.requests()).toBe(2)
    })
  })
})
