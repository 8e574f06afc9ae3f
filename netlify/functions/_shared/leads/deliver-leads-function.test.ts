import {afterEach, describe, expect, it, vi} from 'vitest'
import deliverLeads, {config} from '../../deliver-leads.mts'
import {createRegisterHandler} from './register-handler.ts'
import {jsonRequest, storedLeads, testSites, useLeadTestServices, validBody} from './testing.ts'

describe('the deliver-leads function', () => {
  const service = useLeadTestServices()
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('runs every 5 minutes on Netlify', () => {
    expect(config.schedule).toBe('*/5 * * * *')
  })

  it('when POSTed to (as npm start does), retries due deliveries and deletes expired leads', async () => {
    vi.stubEnv('FORM_FORWARD_URL', `${service.url}/leads`)
    vi.stubEnv('LEAD_RETENTION_DAYS', '30')
    const register = (at: number) =>
      createRegisterHandler({clock: () => at, sites: testSites(), env: {FORM_FORWARD_URL: `${service.url}/leads`, REGISTER_RATE_LIMIT: '1000'}, deliveryTimeoutMs: 300})
    service.setMode('fail')
    await register(Date.now() - 5 * 60_000)(jsonRequest(validBody({name: '재시도'})), {ip: '10.1.1.1'})
    await register(Date.now() - 31 * 24 * 60 * 60_000)(jsonRequest(validBody({name: '만료'})), {ip: '10.1.1.1'})
    service.setMode('ok')

    const response = await deliverLeads(new Request('http://localhost/.netlify/functions/deliver-leads', {method: 'POST'}))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ok: true, delivery: {due: 2, delivered: 2, failed: 0, skipped: 0, unscanned: 0}, deleted: 1})
    expect((await storedLeads()).map((lead) => [lead.name, lead.delivery.status])).toEqual([['재시도', 'delivered']])
  })
})
