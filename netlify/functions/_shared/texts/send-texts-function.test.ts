import {afterEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import sendTexts, {config} from '#netlify/functions/send-texts.mts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, testSites, validBody} from '../leads/testing.ts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../scheduled-runs.ts'
import {solapiProvider} from './provider.ts'
import {interceptSolapi, seedTextContent, storedTexts} from './testing.ts'

describe('the send-texts function', () => {
  // Each run is recorded in Blobs.
  withTestBlobs()
  withTestDatabase()
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.unstubAllGlobals()
  })

  const run = (headers: Record<string, string> = {}) =>
    sendTexts(
      new Request('http://localhost/.netlify/functions/send-texts', {method: 'POST', headers}),
    )

  /** A registration whose acknowledgement SOLAPI failed: due again a minute later. */
  async function failedText(): Promise<void> {
    interceptSolapi(() => new Response('{}', {status: 500}))
    const env = {SOLAPI_API_KEY: 'K', SOLAPI_API_SECRET: 'S', SMS_SENDER: '1661-0440'}
    await createRegisterHandler({
      clock: () => Date.now() - 5 * 60_000,
      sites: testSites(),
      env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: TEST_AUTH_SECRET},
      texts: {content: seedTextContent, provider: solapiProvider(env)},
    })(jsonRequest(validBody()), {ip: '10.1.1.1'})
    vi.unstubAllGlobals()
    expect(await storedTexts()).toMatchObject([{status: 'failed'}])
  }

  it('runs every minute on Netlify', () => {
    expect(config.schedule).toBe('* * * * *')
  })

  it('sends due retries through the provider in use (local), the lake down', async () => {
    await failedText()
    // A second registration whose text could not be rendered: the sweep needs the lake for it.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    await createRegisterHandler({
      sites: testSites(),
      env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: TEST_AUTH_SECRET},
      texts: {content: () => Promise.reject(new Error('the lake is down'))},
    })(jsonRequest(validBody({phone: '010-2222-3333'})), {ip: '10.1.1.1'})
    vi.stubEnv('LAKE_PORT', '1')
    vi.stubEnv('SMS_PROVIDER', 'local')
    const response = await run()
    expect(quiet).toHaveBeenCalledWith(
      expect.stringContaining('the sweep could not queue'),
      expect.anything(),
    )
    quiet.mockRestore()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ok: true, texts: {due: 1, outcomes: {kept: 1}}})
    expect(await storedTexts()).toMatchObject([{status: 'kept', attempts: 2, provider: 'local'}])
  })

  it('under the local stack, starts nothing without the stack’s signature', async () => {
    await failedText()
    vi.stubEnv('LOCAL_SCHEDULER', '1')
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    expect((await run()).status).toBe(401)
    const forged = signScheduledRun('deliver-leads', TEST_AUTH_SECRET)
    expect((await run({[SCHEDULE_SIGNATURE_HEADER]: forged})).status).toBe(401)
    expect(await storedTexts()).toMatchObject([{status: 'failed', attempts: 1}])
    const signed = signScheduledRun('send-texts', TEST_AUTH_SECRET)
    expect((await run({[SCHEDULE_SIGNATURE_HEADER]: signed})).status).toBe(200)
  })
})
