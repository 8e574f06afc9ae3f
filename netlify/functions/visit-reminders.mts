import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {runTextsJob} from './_shared/operations/texts-job.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The visit reminders' job: at 10:00 in Seoul the reminders of tomorrow's visits come due, and
 * no marker knows it, so this run of the texts' job (docs/texts.md#schedules) goes to the
 * database whatever the marker says: it queues and sends the reminders, and what it leaves at
 * its deadline the every-minute runs send. Netlify runs it daily at 10:00 in Seoul; locally
 * the stack runs it every RETRY_INTERVAL_S seconds with a signed request
 * (./_shared/scheduled-runs.ts).
 */
async function visitReminders(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'visit-reminders'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  const run = await runTextsJob({always: true, deadline: runDeadline()})
  const texts = run.ran ? run.result.texts : null
  if (texts && texts.queued > 0) console.log(`visit-reminders: ${texts.queued} queued`)
  return json({ok: true, ...run})
}

export default throughEdgeOnly(recordsRun('visit-reminders', visitReminders))

export const config: Config = {schedule: '0 1 * * *'}
