import type {Locator} from 'playwright-core'
import {expect, inject} from 'vitest'
import type {ViewportName} from '../browser.ts'
import {moveVisitTo} from '#tests/helpers/move-visit.ts'
import {freeSlots, postRegistration, uniqueName, uniquePhone} from './leads-page.ts'

/** What opens the booking popup: the footer's link on a desktop, the fixed bar on a phone. */
export const POPUP_OPENER: Record<ViewportName, string> = {
  desktop: '[data-registration="footer"]',
  narrow: '[data-registration="mobile-bar"]',
}

/** Picks the first free time of the first day the picker shows; returns its label. */
export async function pickFirstFreeTime(scope: Locator): Promise<string> {
  const time = scope.locator('.visit-times .visit-time:not(.is-full)').first()
  await time.waitFor()
  const label = (await time.locator('.visit-time-at').textContent()) ?? ''
  await time.locator('input').check()
  return label
}

/**
 * The picker's last day with a free time: its window ends on a closed day one week in seven,
 * and a day can be full.
 */
export const lastOpenDay = (scope: Locator): Locator =>
  scope.getByRole('tab').and(scope.locator('.visit-day:not(.is-closed):not(.is-full)')).last()

/**
 * What a booking page promises to text, sentence by sentence: remaining units and news come
 * only with the marketing consent, so a sentence that promises them names it.
 */
export async function promisedTexts(scope: Locator): Promise<string[]> {
  const sentences = (await scope.innerText()).split(/(?<=[.다])\s+/)
  return sentences.filter((sentence) => /잔여 세대|분양 소식/.test(sentence))
}

/**
 * Others book every seat left at `start` on `site`, as happens while a visitor reads the form,
 * until the slots say it is full: each with a number of its own (a number holding a coming
 * visit would be answered without a booking).
 */
export async function takeEverySeat(site: string, start: string): Promise<void> {
  const left = async () =>
    (await freeSlots(site)).find((slot) => slot.start === start)?.remaining ?? 0
  for (let seats = await left(), tries = 0; seats > 0; seats = await left(), tries++) {
    expect(tries, `seats still left at ${start}`).toBeLessThan(3)
    for (let seat = 0; seat < seats; seat++) {
      const response = await postRegistration({
        name: uniqueName('선착순'),
        phone: uniquePhone(),
        site,
        visitAt: start,
      })
      // 409: another test took the seat first.
      expect([201, 409]).toContain(response.status)
    }
  }
}

/** Who books: a name no other test uses, a number, and the campaign they came from if any. */
export interface Booker {
  name: string
  phone: string
  attribution?: {utmSource: string; utmCampaign: string}
}

/**
 * Books a visit on `site` in its last free slot and moves it to `visitAt` (an SQL expression;
 * moveVisitTo). Answers the visitor's link.
 */
export async function bookVisitAt(site: string, booker: Booker, visitAt: string): Promise<string> {
  const slot = (await freeSlots(site)).at(-1)!
  const booked = await postRegistration({...booker, site, visitAt: slot.start})
  expect(booked.status).toBe(201)
  const {manageUrl} = (await booked.json()) as {manageUrl: string}
  await moveVisitTo(inject('databaseUrl'), booker.name, slot.start, visitAt)
  return manageUrl
}

/**
 * A visit brought to now (to the minute), as if booked for today beforehand; not earlier, or
 * the no-shows' job would mark it before the visitor arrives. Answers the visitor's link.
 */
export const bookVisitNow = (site: string, visitor: Booker) =>
  bookVisitAt(site, visitor, `date_trunc('minute', now())`)
