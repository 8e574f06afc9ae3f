import {setting, type Env} from '#config/settings.ts'
import {sql} from '../database.ts'
import {clearAlarm, raiseAlarm, type AlarmDeps} from '../texts/alarms.ts'

/*
 * The forwarding's alarm, judged after every run of the lead outbox while a forwarding
 * address is set (the run reads the database anyway): a lead whose last attempt failed and
 * that was stored FORWARDING_ALARM_AFTER_S ago or more opens the incident; no failed lead
 * left closes it, however the last one went (a retry, a staff member's re-send).
 */

/**
 * How long forwarding may fail before the alarm: 30 minutes, unless a local stack shortens
 * it (FORWARDING_ALARM_AFTER_S) so that its browser tests see the alarm in seconds.
 */
export const forwardingAlarmAfterMs = (env: Env = process.env) =>
  setting('FORWARDING_ALARM_AFTER_S', env) * 1000

export async function judgeForwarding(deps: AlarmDeps = {}): Promise<void> {
  const {clock = Date.now, env = process.env} = deps
  try {
    const [failing] = await sql()<{count: number; oldest: Date | null}>`
      SELECT count(*)::int AS count, min(l.created_at) AS oldest
      FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id WHERE d.status = 'failed'`
    const oldest = failing?.oldest?.getTime() ?? null
    if (oldest !== null && clock() - oldest >= forwardingAlarmAfterMs(env)) {
      const minutes = Math.floor((clock() - oldest) / 60_000)
      await raiseAlarm(
        {
          kind: 'forwarding',
          detail:
            `문의 전달이 ${minutes < 1 ? '1분 미만' : `${minutes}분`} 동안 실패하고 있습니다. ` +
            `전달을 기다리는 문의 ${failing?.count ?? 0}건.`,
        },
        deps,
      )
    } else if (oldest === null) {
      await clearAlarm({kind: 'forwarding'}, '문의가 다시 전달되고 있습니다.', deps)
    }
  } catch (error) {
    console.error('alarms: the forwarding could not be judged; the next run will', error)
  }
}
