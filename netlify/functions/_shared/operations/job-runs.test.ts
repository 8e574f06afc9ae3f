import {afterEach, describe, expect, it, vi} from 'vitest'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {fail, json} from '../http.ts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../scheduled-runs.ts'
import {openIncidents} from '../incidents.ts'
import {readJobRuns, recordsRun} from './job-runs.ts'
import {ALARM_PHONE, alarmContent, switchableProvider} from './testing.ts'

const MINUTE = 60_000
const T0 = Date.parse('2026-11-30T01:00:00Z')

const request = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/.netlify/functions/job', {method: 'POST', headers})

describe('the scheduled runs’ records', () => {
  withTestDatabase()
  withTestBlobs()
  afterEach(() => vi.unstubAllEnvs())

  const provider = switchableProvider()
  provider.failing = false
  const at = (ms: number) => ({clock: () => ms, content: alarmContent, provider, env: {}})
  const job = (name: string, answer: () => Response) => async (ms: number) =>
    recordsRun(name, async () => answer(), at(ms))(request())

  it('keep each job’s last run: its start, duration, what it did and whether it failed', async () => {
    await job('no-shows', () => json({ok: true, marked: 2, texted: 0}))(T0)
    await job('destroy-expired', () =>
      json({ok: true, runs: [{destroyed: {leads: 3}}, {destroyed: {leads: 1}}]}),
    )(T0)
    await job('consent-reminders', () => fail(503, '수신 동의 안내를 보내지 못했습니다.'))(T0)
    const runs = await readJobRuns()
    expect(runs.get('no-shows')).toMatchObject({
      name: 'no-shows',
      startedAt: new Date(T0).toISOString(),
      did: '노쇼 기록 2',
      ok: true,
    })
    expect(runs.get('no-shows')?.durationMs).toBeGreaterThanOrEqual(0)
    expect(runs.get('destroy-expired')?.did).toBe('등록 4')
    expect(runs.get('consent-reminders')).toMatchObject({
      did: 'HTTP 503: 수신 동의 안내를 보내지 못했습니다.',
      ok: false,
    })
    await job('no-shows', () => json({ok: true, marked: 0}))(T0 + 5 * MINUTE)
    expect((await readJobRuns()).get('no-shows')?.did).toBe('할 일 없음')
    // Times and durations in an answer are not counts of what it did.
    await job('visit-reminders', () =>
      json({ok: true, texts: {queued: 2, contactAlertAt: T0 + MINUTE}, waitedMs: 40}),
    )(T0)
    expect((await readJobRuns()).get('visit-reminders')?.did).toBe('대기열에 넣음 2')
  })

  it('keep no run the scheduler did not sign', async () => {
    vi.stubEnv('LOCAL_SCHEDULER', '1')
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    const handler = recordsRun('provider-refusals', async () => fail(401, '예약 실행만'), at(T0))
    expect((await handler(request())).status).toBe(401)
    expect((await readJobRuns()).has('provider-refusals')).toBe(false)
    const fresh = signScheduledRun('provider-refusals', TEST_AUTH_SECRET)
    await recordsRun(
      'provider-refusals',
      async () => json({ok: true}),
      at(T0),
    )(request({[SCHEDULE_SIGNATURE_HEADER]: fresh}))
    expect((await readJobRuns()).has('provider-refusals')).toBe(true)
  })

  it('alarm once when a job is 10 minutes late, and tell when it runs again', async () => {
    const texts = job('send-texts', () => json({ok: true}))
    const deliveries = job('deliver-leads', () => json({ok: true, due: 0}))
    await deliveries(T0)
    // Every 5 minutes, so late after 15: not yet.
    await texts(T0 + 15 * MINUTE)
    expect(await openIncidents()).toEqual([])
    await texts(T0 + 16 * MINUTE)
    await texts(T0 + 17 * MINUTE)
    expect(await openIncidents()).toMatchObject([
      {kind: 'job', subject: 'deliver-leads', told: '문자 1건'},
    ])
    const alarms = () => provider.calls.filter((call) => call.to === ALARM_PHONE)
    expect(alarms().map((call) => call.text)).toEqual([
      "[운영 알림] 예약 작업 '문의 전달 재시도'(5분마다)가 16분째 실행되지 않았습니다. " +
        '상담 관리의 운영 상태를 확인해 주세요.',
    ])
    await deliveries(T0 + 20 * MINUTE)
    expect(await openIncidents()).toEqual([])
    expect(alarms().at(-1)?.text).toBe(
      "[운영 알림] 복구: 예약 작업 '문의 전달 재시도'가 다시 실행되었습니다. (4분 동안 문제)",
    )
    await texts(T0 + 21 * MINUTE)
    expect(alarms()).toHaveLength(2)
  })

  it('judge nobody late in the first run after every schedule stopped', async () => {
    const texts = job('send-texts', () => json({ok: true}))
    const deliveries = job('deliver-leads', () => json({ok: true}))
    await texts(T0)
    await deliveries(T0)
    // An hour without any run (a stack stopped): the first run back waits for the others.
    await texts(T0 + 60 * MINUTE)
    expect(await openIncidents()).toEqual([])
    // The next one finds deliveries still not running: late.
    await texts(T0 + 61 * MINUTE)
    expect(await openIncidents()).toMatchObject([{kind: 'job', subject: 'deliver-leads'}])
  })
})
