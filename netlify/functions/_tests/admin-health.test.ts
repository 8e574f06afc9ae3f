import type {Context} from '@netlify/functions'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_AUTH_SECRET, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import type {Health, Incidents} from '#shared/operations/health.ts'
import {sql} from '../_shared/database.ts'
import {createRegisterHandler} from '../_shared/registration/register-handler.ts'
import {jsonRequest, testSites, useLeadTestServices, validBody} from '../_shared/leads/testing.ts'
import {ADMINISTRATORS_ONLY} from '../_shared/operations/health-handlers.ts'
import {raiseAlarm} from '../_shared/texts/alarms.ts'
import {alarmContent, switchableProvider} from '../_shared/operations/testing.ts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../_shared/scheduled-runs.ts'
import {localProvider} from '../_shared/texts/provider.ts'
import {seedTextContent} from '../_shared/texts/testing.ts'
import adminHealth from '../admin-health.mts'
import adminIncidents from '../admin-incidents.mts'
import noShows from '../no-shows.mts'

const context = TEST_STAFF_CONTEXT as Context

describe('GET /api/admin/health', () => {
  const service = useLeadTestServices()
  withTestBlobs()
  afterEach(() => vi.unstubAllEnvs())

  const get = (path: string, token: string | null) =>
    (path === '/api/admin/health' ? adminHealth : adminIncidents)(
      new Request(`http://localhost${path}`, {
        headers: token ? {Authorization: `Bearer ${token}`} : {},
      }),
      context,
    )

  it('answers 401 without a token and 403 to a counsellor, in Korean', async () => {
    for (const path of ['/api/admin/health', '/api/admin/incidents']) {
      expect((await get(path, null)).status).toBe(401)
      const counsellor = await mintAdminToken('c@example.com', new Date(), ['daegu'])
      const refused = await get(path, counsellor)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ok: false, error: ADMINISTRATORS_ONLY})
    }
  })

  it('answers administrators the jobs, texts, forwarding, database and incidents, each with its time', async () => {
    const register = (phone: string, site: string, provider = localProvider) =>
      createRegisterHandler({
        sites: testSites(),
        env: {
          REGISTER_RATE_LIMIT: '0',
          AUTH_SECRET: TEST_AUTH_SECRET,
          FORM_FORWARD_URL: service.url,
        },
        texts: {content: seedTextContent, provider},
      })(jsonRequest(validBody({phone, site})), {ip: '203.0.113.9'})
    await register('010-3000-0001', 'daegu')
    service.setMode('fail')
    await register('010-3000-0002', 'busan', switchableProvider())
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    vi.stubEnv('LOCAL_SCHEDULER', '1')
    vi.stubEnv('LAKE_PORT', '1')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await noShows(
      new Request('http://localhost/.netlify/functions/no-shows', {
        method: 'POST',
        headers: {[SCHEDULE_SIGNATURE_HEADER]: signScheduledRun('no-shows', TEST_AUTH_SECRET)},
      }),
    )
    vi.restoreAllMocks()
    await raiseAlarm(
      {kind: 'texts', detail: '문자 발송이 5번 연달아 실패했습니다.'},
      {content: alarmContent, provider: switchableProvider(), env: {}},
    )

    const before = Date.now()
    const answer = await get('/api/admin/health', await mintAdminToken())
    expect(answer.status).toBe(200)
    const health = (await answer.json()) as Health
    expect(health.ok).toBe(true)
    for (const readAt of [
      health.readAt,
      health.texts.readAt,
      health.forwarding.readAt,
      health.database.readAt,
      ...health.jobs.map((job) => job.readAt),
    ])
      expect(Date.parse(readAt)).toBeGreaterThanOrEqual(before - 1000)

    expect(health.jobs.map((job) => job.name)).toEqual([
      'send-texts',
      'deliver-leads',
      'no-shows',
      'publish-follow-up',
      'visit-reminders',
      'destroy-expired',
      'consent-reminders',
      'provider-refusals',
    ])
    const noShowsJob = health.jobs.find((job) => job.name === 'no-shows')
    expect(noShowsJob).toMatchObject({schedule: '*/5 * * * *', every: '5분마다', late: false})
    expect(Date.parse(noShowsJob!.lastRunAt!)).toBeGreaterThanOrEqual(before - 60_000)
    expect(noShowsJob?.lastDurationMs).toBeGreaterThanOrEqual(0)
    expect(health.jobs.find((job) => job.name === 'send-texts')).toMatchObject({
      lastRunAt: null,
      lastDurationMs: null,
      late: false,
    })

    expect(health.texts).toMatchObject({sent: 0, kept: 1, failed: 1, queued: 0})
    expect(health.texts.lastError).toMatchObject({
      raw: 'HTTP 402 NotEnoughBalance: 잔액이 부족합니다.',
      words: '문자 서비스의 잔액이 부족합니다. SOLAPI 계정에 충전해 주세요.',
    })
    expect(health.forwarding).toMatchObject({waiting: 1, failing: 1, configured: false})
    expect(health.forwarding.lastError?.words).toBe('전달 서비스가 오류(HTTP 500)로 답했습니다.')
    const [oldest] = await sql()<{created_at: Date}>`
      SELECT l.created_at FROM leads l WHERE l.site = 'busan'`
    expect(health.forwarding.oldestAt).toBe(oldest?.created_at.toISOString())
    expect(health.sites).toEqual([
      {
        site: 'busan',
        leads: 1,
        texts: {queued: 0, sent: 0, kept: 0, failed: 1},
        forwarding: {waiting: 1, oldestAt: oldest?.created_at.toISOString()},
      },
      {
        site: 'daegu',
        leads: 1,
        texts: {queued: 0, sent: 0, kept: 1, failed: 0},
        forwarding: {waiting: 0, oldestAt: null},
      },
    ])
    expect(health.database.leads).toBe(2)
    expect(health.database.sizeBytes).toBeGreaterThan(1_000_000)
    expect(health.database.accessRecords).toBeGreaterThanOrEqual(0)
    expect(health.incidents).toMatchObject([
      {kind: 'texts', subject: '', detail: '문자 발송이 5번 연달아 실패했습니다.'},
    ])
    // Nothing published yet: no publish, no build, none waiting.
    expect(health.publishing).toMatchObject({
      lastPublishAt: null,
      lastBuildAt: null,
      building: false,
      followUpPending: false,
    })
    expect(Date.parse(health.publishing!.readAt)).toBeGreaterThanOrEqual(before - 1000)

    const incidents = (await (
      await get('/api/admin/incidents', await mintAdminToken())
    ).json()) as Incidents
    expect(incidents.incidents).toEqual(health.incidents)
  })
})
