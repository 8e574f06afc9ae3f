import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {mayRunSchedule} from './_shared/schedule.ts'
import {runTexts} from './_shared/texts/outbox.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'
import {passOnOffers} from './_shared/visits/waitlist.ts'

/**
 * The texts' job: passes waiting-list offers that ran out to the next (and offers seats
 * freed while none could be offered), queues what recent registrations and visit changes
 * lack and the reminders that have come due (10:00 KST the day before a visit), then sends
 * due retries. Netlify runs it every minute; locally the stack runs it every
 * RETRY_INTERVAL_S seconds with a signed request (./_shared/schedule.ts).
 */
async function sendTexts(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'send-texts'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  // Waiting-list offers that ran out pass to the next before the texts go out.
  const offered = await passOnOffers().catch((error: unknown) => {
    console.error('send-texts: the waiting list could not be passed on; the next run will', error)
    return 0
  })
  const texts = await runTexts()
  if (texts.due > 0) {
    const outcomes = Object.entries(texts.outcomes).map(([outcome, n]) => `${n} ${outcome}`)
    console.log(`send-texts: ${texts.queued} queued, ${texts.due} due: ${outcomes.join(', ')}`)
  }
  return json({ok: true, texts, offered})
}

export default throughEdgeOnly(recordsRun('send-texts', sendTexts))

export const config: Config = {schedule: '* * * * *'}
