import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {runDeliveryJob} from './_shared/leads/retry.ts'
import {leadSettings} from './_shared/lead-settings.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The outbox job: with no delivery due by its marker (docs/texts.md#schedules) it answers
 * without the database; otherwise it retries due deliveries with backoff until its deadline.
 * Netlify runs it every 5 minutes;
 * locally the stack runs it every RETRY_INTERVAL_S seconds with a signed request
 * (./_shared/scheduled-runs.ts).
 */
async function deliverLeads(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'deliver-leads'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  const settings = leadSettings()
  const run = await runDeliveryJob({url: settings.forwardUrl, deadline: runDeadline()})
  if (!run.ran) return json({ok: true, ...run})
  const delivery = run.result
  if (delivery.due > 0) {
    console.log(
      `deliver-leads: ${delivery.due} due, ${delivery.delivered} delivered, ` +
        `${delivery.failed} not delivered`,
    )
  }
  return json({ok: true, ran: true, nextDueAt: run.nextDueAt, delivery})
}

export default throughEdgeOnly(recordsRun('deliver-leads', deliverLeads))

export const config: Config = {schedule: '*/5 * * * *'}
