import {sql} from '../database.ts'
import {providerErrorWords} from '../texts/error-words.ts'
import {clearAlarm, raiseAlarm, type AlarmDeps} from './alarms.ts'

/*
 * The texts' alarm, judged after a run of the texts' job that handed texts to the provider
 * (so an idle database stays asleep, and no visitor's request waits on an alarm): the latest
 * FAILURES_IN_A_ROW sends all failed or were refused opens the incident; the latest send
 * accepted closes it.
 */

export const FAILURES_IN_A_ROW = 5

const FAILED = new Set(['failed', 'refused'])

export async function judgeTexts(deps: AlarmDeps = {}): Promise<void> {
  try {
    const latest = await sql()<{status: string; last_error: string | null}>`
      SELECT status, last_error FROM text_messages
      WHERE provider IS NOT NULL AND last_attempt_at IS NOT NULL
      ORDER BY last_attempt_at DESC LIMIT ${FAILURES_IN_A_ROW}`
    if (latest.length === FAILURES_IN_A_ROW && latest.every((row) => FAILED.has(row.status))) {
      const words = providerErrorWords(latest[0]?.last_error ?? '')
      await raiseAlarm(
        {kind: 'texts', detail: `문자 발송이 ${FAILURES_IN_A_ROW}번 연달아 실패했습니다. ${words}`},
        deps,
      )
    } else if (latest[0] && !FAILED.has(latest[0].status)) {
      await clearAlarm({kind: 'texts'}, '문자가 다시 발송되고 있습니다.', deps)
    }
  } catch (error) {
    console.error('alarms: the texts could not be judged; the next run will', error)
  }
}
