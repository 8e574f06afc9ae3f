import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {DESTRUCTION_BATCH, destroyExpired} from './_shared/leads/retention.ts'
import {leadSettings} from './_shared/lead-settings.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The retention job: destroys what is kept no longer, each batch recorded in destruction_runs
 * (./_shared/leads/retention.ts), until a batch finds less than a full one. Netlify runs it
 * daily at 04:00 in Seoul (a day late at most: the privacy page promises destruction within
 * days of the end, checked daily); locally the stack runs it every RETRY_INTERVAL_S seconds
 * with a signed request (./_shared/scheduled-runs.ts).
 */
async function destroyExpiredRun(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'destroy-expired'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  const {retentionDays} = leadSettings()
  const deadline = runDeadline()
  const runs = []
  do {
    runs.push(await destroyExpired({now: Date.now(), retentionDays}))
  } while (runs.at(-1)!.destroyed.leads === DESTRUCTION_BATCH && Date.now() < deadline)
  const leads = runs.reduce((sum, run) => sum + run.destroyed.leads, 0)
  if (leads > 0) console.log(`destroy-expired: ${leads} expired leads destroyed`)
  return json({ok: true, runs})
}

export default throughEdgeOnly(recordsRun('destroy-expired', destroyExpiredRun))

export const config: Config = {schedule: '0 19 * * *'}
