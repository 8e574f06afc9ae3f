import {runWhenDue, type JobRun} from '../next-due.ts'
import {runDeadline} from '../run-deadline.ts'
import type {ModelHouses} from '../model-houses.ts'
import {nextOfferAt, passOnOffers} from '../visits/waitlist.ts'
import {nextTextAt} from '../texts/outbox-statements.ts'
import {runTexts, type TextDeps, type TextRunSummary} from '../texts/outbox-run.ts'

export interface TextsJobResult {
  texts: TextRunSummary
  /** Waiting-list entries offered a seat. */
  offered: number
}

/**
 * One run of the texts' job (docs/texts.md#schedules): with nothing due by its marker it
 * answers without the database. Otherwise waiting-list offers that ran out pass to the next
 * (and seats freed while none could be offered are offered), the texts' run queues what is
 * missing and sends what is due until its deadline, and the marker becomes the earliest of
 * the next due send, offer expiry, seat to offer and contact alert. `always`: whatever the
 * marker says (the 10:00 reminders' own schedule).
 */
export async function runTextsJob({
  always = false,
  deadline,
  ...deps
}: TextDeps & {
  always?: boolean
  /** No work is taken from this instant on (runDeadline). */
  deadline?: number
  houses?: Pick<ModelHouses, 'get'>
} = {}): Promise<JobRun<TextsJobResult>> {
  const clock = deps.clock ?? Date.now
  return runWhenDue(
    'texts',
    async () => {
      let passedOn = true
      const offered = await passOnOffers(deps).catch((error: unknown) => {
        console.error('texts: the waiting list could not be passed on; the next run will', error)
        passedOn = false
        return 0
      })
      const texts = await runTexts({...deps, deadline: deadline ?? runDeadline(clock())})
      const result = {texts, offered}
      if (!passedOn || !texts.complete) return {result, nextAt: undefined}
      try {
        const times = [await nextTextAt(clock()), await nextOfferAt(clock()), texts.contactAlertAt]
        const due = times.filter((at): at is number => at !== null)
        return {result, nextAt: due.length > 0 ? Math.min(...due) : null}
      } catch (error) {
        console.error('texts: the next due time could not be read; the next run will', error)
        return {result, nextAt: undefined}
      }
    },
    {clock, always},
  )
}
