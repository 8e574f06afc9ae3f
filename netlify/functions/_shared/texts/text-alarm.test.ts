import {afterEach, describe, expect, it, vi} from 'vitest'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, testSites, useLeadTestServices, validBody} from '../leads/testing.ts'
import {runTexts} from './outbox-run.ts'
import {openIncidents} from '../incidents.ts'
import {ALARM_PHONE, alarmContent, switchableProvider} from '../operations/testing.ts'

const MINUTE = 60_000
const T0 = Date.parse('2026-11-30T02:00:00Z')

interface IncidentRow {
  kind: string
  detail: string
  told: string | null
  closed_at: Date | null
  recovery_told: string | null
}
const incidents = () =>
  sql()<IncidentRow>`SELECT kind, detail, told, closed_at, recovery_told
    FROM operations_incidents ORDER BY opened_at`

describe('the alarm when texts fail 5 times in a row', () => {
  const service = useLeadTestServices()
  afterEach(() => vi.unstubAllEnvs())

  it('tells the administrators once, by e-mail as the texts fail too, and tells the recovery', async () => {
    const provider = switchableProvider()
    // The form service that e-mails the administrators what it receives.
    vi.stubEnv('FORM_FORWARD_URL', service.url)
    const deps = {content: alarmContent, provider}
    // Each registration's text fails at once: its retry is due a minute later.
    const register = (phone: string, at: number) =>
      createRegisterHandler({
        clock: () => at,
        sites: testSites(),
        env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: TEST_AUTH_SECRET},
        texts: {content: alarmContent, provider},
      })(jsonRequest(validBody({phone})), {ip: '203.0.113.7'})
    const alarms = () =>
      service.received.filter((item) => (item as {kind?: string}).kind === 'operations-alarm')

    for (let i = 1; i <= 4; i++) await register(`010-1000-000${i}`, T0)
    await runTexts({...deps, clock: () => T0 + 2 * MINUTE})
    expect(await incidents()).toEqual([])

    await register('010-1000-0005', T0 + 3 * MINUTE)
    await runTexts({...deps, clock: () => T0 + 5 * MINUTE})
    const [opened] = await incidents()
    expect(opened).toMatchObject({kind: 'texts', told: '전자우편', closed_at: null})
    expect(opened?.detail).toContain('문자 발송이 5번 연달아 실패했습니다.')
    expect(opened?.detail).toContain('잔액이 부족합니다')
    // The alarm was tried by text too, through the provider that fails.
    expect(provider.calls.filter((call) => call.to === ALARM_PHONE)).toHaveLength(1)
    expect(alarms()).toHaveLength(1)
    expect((alarms()[0] as {text?: string}).text).toContain('[운영 알림] 문자 발송이')
    expect(await openIncidents()).toMatchObject([{kind: 'texts', told: '전자우편'}])

    // Still failing: the incident is open, and nobody is told again.
    await runTexts({...deps, clock: () => T0 + 9 * MINUTE})
    expect(await incidents()).toHaveLength(1)
    expect(alarms()).toHaveLength(1)

    // The balance topped up: the next registration's text goes.
    provider.failing = false
    await register('010-1000-0006', T0 + 30 * MINUTE)
    const [closed] = await incidents()
    expect(closed?.closed_at?.getTime()).toBe(T0 + 30 * MINUTE)
    expect(closed?.recovery_told).toBe('문자 1건, 전자우편')
    const recovery = provider.calls.filter((call) => call.to === ALARM_PHONE).at(-1)
    expect(recovery?.text).toContain('[운영 알림] 복구: 문자가 다시 발송되고 있습니다.')
    expect(recovery?.text).toContain('(27분 동안 문제)')
    expect(alarms()).toHaveLength(2)
    expect(await openIncidents()).toEqual([])
  })
})
