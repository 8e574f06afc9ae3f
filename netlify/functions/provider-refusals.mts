import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {runDeadline} from './_shared/run-deadline.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {readProviderRefusals} from './_shared/texts/provider-refusals.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * The 080 refusals' job: reads the refusals the text provider keeps into the refusal list
 * (./_shared/texts/provider-refusals.ts). Netlify runs it daily at 09:00 in Seoul; locally the
 * stack runs it every RETRY_INTERVAL_S seconds with a signed request (./_shared/scheduled-runs.ts),
 * where the local provider has none to read.
 */
async function providerRefusals(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'provider-refusals'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  try {
    const run = await readProviderRefusals({deadline: runDeadline()})
    if (run.status === 'read')
      console.log(
        `provider-refusals: ${run.read} read, ${run.added} new, complete: ${run.complete}`,
      )
    return json({ok: true, ...run})
  } catch (error) {
    console.error('provider-refusals: the database could not be written', error)
    return fail(
      503,
      '일시적인 장애로 080 수신거부 목록을 읽지 못했습니다. 다음 실행에서 다시 시도합니다.',
    )
  }
}

export default throughEdgeOnly(recordsRun('provider-refusals', providerRefusals))

export const config: Config = {schedule: '0 0 * * *'}
