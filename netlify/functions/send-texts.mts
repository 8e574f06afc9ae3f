import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {runTextsJob} from './_shared/operations/texts-job.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The texts' job: with nothing due by its marker (docs/texts.md#schedules) it answers without
 * the database. Otherwise it passes waiting-list offers that ran out to the next (and offers
 * seats freed while none could be offered), queues what recent registrations and visit changes
 * lack and the reminders that have come due, then sends due retries until its deadline.
 * Netlify runs it every minute; locally the stack runs it every RETRY_INTERVAL_S seconds with
 * a signed request (./_shared/scheduled-runs.ts).
 */
async function sendTexts(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'send-texts'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  const run = await runTextsJob({deadline: runDeadline()})
  if (!run.ran) return json({ok: true, ...run})
  const {texts} = run.result
  if (texts.due > 0) {
    const outcomes = Object.entries(texts.outcomes).map(([outcome, n]) => `${n} ${outcome}`)
    console.log(`send-texts: ${texts.queued} queued, ${texts.due} due: ${outcomes.join(', ')}`)
  }
  return json({ok: true, ran: true, nextDueAt: run.nextDueAt, ...run.result})
}

export default throughEdgeOnly(recordsRun('send-texts', sendTexts))

export const config: Config = {schedule: '* * * * *'}
