import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {remindConsents} from './_shared/texts/consent-reminders.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The consent reminders' job: queues and sends the two-yearly reminder of every marketing
 * consent within 30 days of its period's end (./_shared/texts/consent-reminders.ts). Netlify
 * runs it daily at 10:00 in Seoul, after the 080 refusals were read; locally the stack runs it
 * every RETRY_INTERVAL_S seconds with a signed request (./_shared/scheduled-runs.ts).
 */
async function consentReminders(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'consent-reminders'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  try {
    const run = await remindConsents({deadline: runDeadline()})
    if (run.due > 0) console.log(`consent-reminders: ${run.due} due, ${run.sent} sent`)
    return json({ok: true, ...run})
  } catch (error) {
    console.error('consent-reminders: the lake or the database could not be read', error)
    return fail(
      503,
      '일시적인 장애로 수신 동의 안내를 보내지 못했습니다. 다음 실행에서 다시 시도합니다.',
    )
  }
}

export default throughEdgeOnly(recordsRun('consent-reminders', consentReminders))

export const config: Config = {schedule: '0 1 * * *'}
