import type {Locator, Page} from 'playwright-core'
import {expect, inject} from 'vitest'
import {MIN_FILL_MS} from '#netlify/functions/_shared/registration/spam.ts'
import type {ReceivedLead} from '#tests/helpers/fake-form-service.ts'

export const SUCCESS = '✓ 등록이 완료되었습니다. 곧 전문 상담사가 연락드리겠습니다.'
export const FAILED = '등록에 실패했습니다. 다시 시도해 주세요.'
export const ERROR = '오류가 발생했습니다. 잠시 후 다시 시도해 주세요.'

/** The server's minimum fill time (spam.ts) plus a margin: quicker forms are flagged for staff. */
const HUMAN_FILL_MS = MIN_FILL_MS + 300

/**
 * Lets a person's fill time pass on the page's clock without spending it. A form measures how
 * long it was open with `Date.now()` and sends that as `fillMs`; the server flags quicker forms
 * for the staff (register-handler.test.ts proves it). Moving the page's `Date.now()` on by
 * HUMAN_FILL_MS makes the form count a person's fill time while the server's minimum stays
 * what it is; no timer fires early. Call it once the form counts (hydrated) and before it is
 * sent. Forms without JavaScript send no fill time and need nothing.
 */
export async function letFillTimePass(page: Page): Promise<void> {
  await page.evaluate((shift) => {
    const now = Date.now.bind(Date)
    Date.now = () => now() + shift
  }, HUMAN_FILL_MS)
}

export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${inject('baseUrl')}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
}

/**
 * Waits until the form's script has taken the prerendered form over (it turns the browser's own
 * validation off then). The home form's script comes once the visitor nears or uses the form; a
 * click before it has arrived posts the plain form, as it would for a visitor without scripts.
 */
export async function formTakenOver(form: Locator): Promise<void> {
  await expect.poll(() => form.getAttribute('novalidate')).not.toBeNull()
}

/**
 * A registration sent to the endpoint as the customer page's form sends it (consented, typed
 * at a human pace) with `fields` added; the endpoint's answer as it came.
 */
export function postRegistration(fields: Record<string, unknown>): Promise<Response> {
  return fetch(`${inject('baseUrl')}/api/register`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
    body: JSON.stringify({consent: true, source: 'customer', fillMs: 10_000, ...fields}),
  })
}

export interface Slot {
  start: string
  remaining: number
}

/** The bookable starts of a site's next 14 days with a seat left. */
export async function freeSlots(site: string): Promise<Slot[]> {
  const response = await fetch(`${inject('baseUrl')}/api/visits/slots?site=${site}&days=14`)
  const {slots} = (await response.json()) as {slots: Slot[]}
  return slots.filter((slot) => slot.remaining > 0)
}

/**
 * A mobile number no other test uses: a number holds one coming visit per site, so a test
 * that books must not share its number with another booking test.
 */
export const uniquePhone = () =>
  `010-9${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-` +
  String(Math.floor(Math.random() * 10_000)).padStart(4, '0')

/** A name no other test uses, so the lead can be found among everything received. */
export const uniqueName = (label: string) => `${label}${Math.random().toString(36).slice(2, 7)}`

/** Waits until the fake form-collection service has received the lead with this receipt. */
export async function receivedLead(receipt: string): Promise<ReceivedLead> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const leads = (await (
      await fetch(`${inject('formServiceUrl')}/__received`)
    ).json()) as ReceivedLead[]
    const lead = leads.find((candidate) => candidate.receipt === receipt)
    if (lead) return lead
    if (Date.now() > deadline) expect.fail(`the form service never received ${receipt}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The receipt number shown after a success. */
export async function shownReceipt(page: Page, scope = page.locator('body')): Promise<string> {
  const receipt = scope.locator('.registration-receipt strong')
  await receipt.waitFor()
  return (await receipt.textContent()) ?? ''
}

export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    return (
      active?.getAttribute('data-registration') ??
      active?.getAttribute('name') ??
      active?.tagName ??
      null
    )
  })
