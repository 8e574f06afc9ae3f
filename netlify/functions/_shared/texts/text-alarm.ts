import type {TextOutcome} from './outbox-rules.ts'
import {sql} from '../database.ts'
import {providerErrorWords} from '../texts/error-words.ts'
import {clearAlarm, raiseAlarm, type AlarmDeps} from './alarms.ts'

/*
 * The texts' alarm, judged as each send is recorded, wherever it was sent (a registration, a
 * visit's change, the scheduled run): a refused text is never retried, so a provider that
 * refuses every text shows only there. A failed or refused send opens the incident when the
 * latest FAILURES_IN_A_ROW sends handed to the provider all failed or were refused; a send
 * the provider took closes it. The incident's row makes either happen once.
 */

export const FAILURES_IN_A_ROW = 5

const FAILED: ReadonlySet<string> = new Set(['failed', 'refused'])

export async function judgeTextOutcome(outcome: TextOutcome, deps: AlarmDeps = {}): Promise<void> {
  try {
    if (outcome === 'sent' || outcome === 'kept') {
      await clearAlarm({kind: 'texts'}, '문자가 다시 발송되고 있습니다.', deps)
      return
    }
    if (!FAILED.has(outcome)) return
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
    }
  } catch (error) {
    console.error('alarms: the texts could not be judged; the next send will', error)
  }
}
