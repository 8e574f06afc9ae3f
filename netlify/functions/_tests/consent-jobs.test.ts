import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../_shared/database.ts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../_shared/scheduled-runs.ts'
import consentReminders, {config as remindersConfig} from '../consent-reminders.mts'
import providerRefusals, {config as refusalsConfig} from '../provider-refusals.mts'

type Job = (req: Request) => Promise<Response>

const run = (job: Job, name: string, signature = signScheduledRun(name, TEST_AUTH_SECRET)) =>
  job(
    new Request(`http://localhost/.netlify/functions/${name}`, {
      method: 'POST',
      headers: {[SCHEDULE_SIGNATURE_HEADER]: signature},
    }),
  )

describe('the daily jobs of the marketing consents', () => {
  // Each run is recorded in Blobs.
  withTestBlobs()
  withTestDatabase()
  beforeEach(() => {
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    vi.stubEnv('LOCAL_SCHEDULER', '1')
  })
  afterEach(() => vi.unstubAllEnvs())

  it('read the 080 refusals at 09:00 and remind consents at 10:00 in Seoul, in that order', () => {
    expect(refusalsConfig.schedule).toBe('0 0 * * *')
    expect(remindersConfig.schedule).toBe('0 1 * * *')
  })

  it('start nothing without the scheduler’s signature', async () => {
    expect((await run(consentReminders, 'consent-reminders', '1.forged')).status).toBe(401)
    const otherJob = signScheduledRun('consent-reminders', TEST_AUTH_SECRET)
    expect((await run(providerRefusals, 'provider-refusals', otherJob)).status).toBe(401)
  })

  it('read no provider’s list while the texts stay on this machine', async () => {
    const answer = await run(providerRefusals, 'provider-refusals')
    expect(await answer.json()).toEqual({ok: true, status: 'not-configured'})
  })

  it('remind nobody when no consent is due, and say so in Korean when the lake is down', async () => {
    expect(await (await run(consentReminders, 'consent-reminders')).json()).toEqual({
      ok: true,
      due: 0,
      sent: 0,
    })
    await sql()`INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
        marketing_consent, marketing_confirmed_at, marketing_confirmed_via)
      VALUES (gen_random_uuid(), 'R-20241101-0001', now() - interval '800 days', 'daegu', 'popup',
        '홍길동', '010-4100-0001', true, true, now() - interval '800 days', 'link')`
    vi.stubEnv('SANITY_API_HOST', 'http://127.0.0.1:9')
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    const answer = await run(consentReminders, 'consent-reminders')
    expect(answer.status).toBe(503)
    expect(((await answer.json()) as {error: string}).error).toContain('수신 동의 안내')
    expect(await sql()`SELECT count(*)::int AS n FROM text_messages`).toEqual([{n: 0}])
  })
})
