import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {runNoShowsJob} from './_shared/visits/no-show.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The no-shows' job: with no visit due by its marker (docs/texts.md#schedules) it answers
 * without the database; otherwise it marks the booked visits nobody checked in 30 minutes
 * after their slot ended, moves their leads to 노쇼 and texts each visitor the link to book
 * again. Netlify runs it every 5 minutes, so a no-show is marked 30 to 35 minutes after its
 * slot; locally the stack runs it every RETRY_INTERVAL_S seconds with a signed request
 * (./_shared/scheduled-runs.ts).
 */
async function noShows(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'no-shows'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  try {
    const run = await runNoShowsJob({deadline: runDeadline()})
    if (!run.ran) return json({ok: true, ...run})
    if (run.result.marked > 0) console.log(`no-shows: ${run.result.marked} visits marked`)
    return json({ok: true, ran: true, nextDueAt: run.nextDueAt, ...run.result})
  } catch (error) {
    console.error('no-shows: the model houses or the database could not be read', error)
    return fail(503, '일시적인 장애로 노쇼를 기록하지 못했습니다. 다음 실행에서 다시 시도합니다.')
  }
}

export default throughEdgeOnly(recordsRun('no-shows', noShows))

export const config: Config = {schedule: '*/5 * * * *'}
