import {describe, expect, it} from 'vitest'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {clearAlarm, lastedFor, raiseAlarm} from './alarms.ts'
import {ALARM_PHONE, alarmContent, switchableProvider} from '../operations/testing.ts'

const T0 = Date.parse('2026-11-30T02:00:00Z')

describe('an incident', () => {
  forEachDatabase('told once', () => {
    it('is opened and told once however many notice it at once, and its recovery once', async () => {
      const provider = switchableProvider()
      provider.failing = false
      const deps = {content: alarmContent, provider, env: {}, clock: () => T0}
      const alarm = {kind: 'job', subject: 'deliver-leads', detail: '늦어지고 있습니다.'} as const
      const raised = await Promise.all(Array.from({length: 10}, () => raiseAlarm(alarm, deps)))
      expect(raised.filter(Boolean)).toHaveLength(1)
      const later = {...deps, clock: () => T0 + 65 * 60_000}
      const cleared = await Promise.all(
        Array.from({length: 10}, () => clearAlarm(alarm, '다시 실행되었습니다.', later)),
      )
      expect(cleared.filter(Boolean)).toHaveLength(1)
      expect(provider.calls.map((call) => [call.to, call.text])).toEqual([
        [ALARM_PHONE, '[운영 알림] 늦어지고 있습니다. 상담 관리의 운영 상태를 확인해 주세요.'],
        [ALARM_PHONE, '[운영 알림] 복구: 다시 실행되었습니다. (1시간 5분 동안 문제)'],
      ])
      expect(
        await sql()`SELECT told, recovery_told FROM operations_incidents WHERE kind = 'job'`,
      ).toEqual([{told: '문자 1건', recovery_told: '문자 1건'}])
      // The next time it goes wrong is a new incident, told again.
      expect(await raiseAlarm(alarm, later)).toBe(true)
      expect(provider.calls).toHaveLength(3)
    })
  })

  forEachDatabase('a flapping failure', () => {
    it('texts the first 4 incidents of a day, open and recovery, and the rest only on screen', async () => {
      const provider = switchableProvider()
      provider.failing = false
      const alarm = {kind: 'forwarding', detail: '문의 전달이 실패하고 있습니다.'} as const
      for (let n = 0; n < 6; n++) {
        const at = {content: alarmContent, provider, env: {}, clock: () => T0 + n * 60_000}
        expect(await raiseAlarm(alarm, at)).toBe(true)
        expect(await clearAlarm(alarm, '다시 전달됩니다.', at)).toBe(true)
      }
      expect(provider.calls).toHaveLength(8)
      const told = await sql()<{told: string}>`
        SELECT told FROM operations_incidents ORDER BY opened_at`
      expect(told.map((row) => row.told)).toEqual([
        ...Array(4).fill('문자 1건'),
        ...Array(2).fill('화면에만 표시'),
      ])
      // The next day in Seoul texts again.
      const tomorrow = {content: alarmContent, provider, env: {}, clock: () => T0 + 86_400_000}
      expect(await raiseAlarm(alarm, tomorrow)).toBe(true)
      expect(provider.calls).toHaveLength(9)
    })
  })

  it('says how long it lasted in Korean', () => {
    expect(lastedFor(30_000)).toBe('1분 미만')
    expect(lastedFor(40 * 60_000)).toBe('40분')
    expect(lastedFor(3 * 60 * 60_000)).toBe('3시간')
    expect(lastedFor(185 * 60_000)).toBe('3시간 5분')
  })
})
