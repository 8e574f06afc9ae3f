import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {mayRunSchedule} from './_shared/schedule.ts'
import {runTexts} from './_shared/texts/outbox.ts'
import {throughEdgeOnly} from './_shared/visitor.ts'

/**
 * The texts' job: queues what recent registrations and visit changes lack and the
 * reminders that have come due (10:00 KST the day before a visit), then sends due
 * retries. Netlify runs it every minute; locally the stack runs it every
 * RETRY_INTERVAL_S seconds with a signed request (./_shared/schedule.ts).
 */
export default throughEdgeOnly(async (req: Request) => {
  if (!mayRunSchedule(req, 'send-texts'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  const texts = await runTexts()
  if (texts.due > 0) {
    const outcomes = Object.entries(texts.outcomes).map(([outcome, n]) => `${n} ${outcome}`)
    console.log(`send-texts: ${texts.queued} queued, ${texts.due} due: ${outcomes.join(', ')}`)
  }
  return json({ok: true, texts})
})

export const config: Config = {schedule: '* * * * *'}
