import {afterEach, describe, expect, it, vi} from 'vitest'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {retryDueDeliveries} from '../leads/retry.ts'
import {
  DELIVERY_TIMEOUT_MS,
  jsonRequest,
  testSites,
  useLeadTestServices,
  validBody,
} from '../leads/testing.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {judgeForwarding} from './forwarding-alarm.ts'
import {openIncidents} from '../incidents.ts'
import {ALARM_PHONE, alarmContent, switchableProvider} from '../operations/testing.ts'

const MINUTE = 60_000
const T0 = Date.parse('2026-11-30T02:00:00Z')

describe('the alarm when forwarding fails for 30 minutes', () => {
  const service = useLeadTestServices()
  afterEach(() => vi.unstubAllEnvs())

  it('is raised once 30 minutes after the oldest failing lead, and cleared once all are delivered', async () => {
    service.setMode('fail')
    await createRegisterHandler({
      clock: () => T0,
      sites: testSites(),
      env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: TEST_AUTH_SECRET, FORM_FORWARD_URL: service.url},
      texts: {content: seedTextContent, provider: localProvider},
    })(jsonRequest(validBody()), {ip: '203.0.113.8'})
    const provider = switchableProvider()
    provider.failing = false
    const deps = (ms: number) => ({clock: () => ms, content: alarmContent, provider, env: {}})

    await judgeForwarding(deps(T0 + 29 * MINUTE))
    expect(await openIncidents()).toEqual([])
    await judgeForwarding(deps(T0 + 31 * MINUTE))
    await judgeForwarding(deps(T0 + 36 * MINUTE))
    expect(await openIncidents()).toMatchObject([{kind: 'forwarding', told: '문자 1건'}])
    expect(provider.calls.map((call) => [call.to, call.text])).toEqual([
      [
        ALARM_PHONE,
        '[운영 알림] 문의 전달이 31분 동안 실패하고 있습니다. 전달을 기다리는 문의 1건. ' +
          '상담 관리의 운영 상태를 확인해 주세요.',
      ],
    ])

    // The service answers again: the outbox's run delivers the lead and clears the incident.
    // Its alarm numbers cannot be read here (no lake), so the recovery goes by e-mail.
    service.setMode('ok')
    vi.stubEnv('FORM_FORWARD_URL', service.url)
    vi.stubEnv('LAKE_PORT', '1')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const run = await retryDueDeliveries({
      url: service.url,
      clock: () => T0 + 40 * MINUTE,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    })
    vi.restoreAllMocks()
    expect(run).toMatchObject({due: 1, delivered: 1})
    expect(await openIncidents()).toEqual([])
    const alarm = service.received.find(
      (item) => (item as {kind?: string}).kind === 'operations-alarm',
    ) as {text?: string} | undefined
    expect(alarm?.text).toBe('[운영 알림] 복구: 문의가 다시 전달되고 있습니다. (9분 동안 문제)')
  })
})
