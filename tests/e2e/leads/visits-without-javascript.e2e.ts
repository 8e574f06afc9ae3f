import type {Locator} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {freeSlots as freeSlotsOf, type Slot, SUCCESS, uniqueName} from './leads-page.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {promisedTexts, takeEverySeat} from './visit-booking.ts'

const site = inject('defaultSite')

const freeSlots = () => freeSlotsOf(site)

/** The latest free time the time page offers: far from today's cutoff and the earliest times. */
async function latestOffered(times: Locator): Promise<Slot> {
  const offered = await times
    .locator('input[name="visitAt"]:not([disabled])')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
  const latest = (await freeSlots()).filter((slot) => offered.includes(slot.start)).at(-1)
  expect(latest).toBeTruthy()
  return latest!
}

// The home form on a phone, the customer page on a desktop: both lead to the same time page.
const NO_SCRIPT_FORMS = {
  narrow: {path: () => '/', form: '#reservation form', phones: ['010-4567-8901', '010-5678-9012']},
  desktop: {
    path: () => `/${site}/customer`,
    form: '.customer-form form',
    phones: ['010-4567-8902', '010-5678-9013'],
  },
}

describe.each(['narrow', 'desktop'] as const)('booking without JavaScript (%s)', (viewport) => {
  it('offers the times with the seats they have now, books one, and explains a time that filled', async () => {
    const {path, form: formAt, phones} = NO_SCRIPT_FORMS[viewport]
    const page = await openPage(viewport, {javaScriptEnabled: false})
    await page.goto(`${inject('baseUrl')}${path()}`)
    if (viewport === 'narrow') {
      const promises = await promisedTexts(page.locator('#home-reservation'))
      expect(promises.length).toBeGreaterThan(0)
      for (const promise of promises) expect(promise).toContain('마케팅 수신에 동의하신 분께만')
    }
    // No list the build made: the form leads to the times as they are now.
    const pageForm = page.locator(formAt)
    expect(await pageForm.locator('select').count()).toBe(0)
    await pageForm.getByRole('link', {name: '예약 가능한 시간과 남은 자리 보기'}).click()
    await page.getByRole('heading', {name: '방문 시간 선택'}).waitFor()
    const timePage = page.url()
    const form = page.locator('form')
    const times = page.locator('.visit-time-list')
    const chosen = await latestOffered(times)
    const option = (start: string) =>
      times.locator('.visit-time', {has: page.locator(`input[value="${start}"]`)})
    expect(await option(chosen.start).locator('.visit-time-left').textContent()).toBe(
      `${chosen.remaining}자리 남음`,
    )
    await keepScreenshot(page, `visits-nojs-times-${viewport}`)
    await form.getByLabel('이름').fill(uniqueName('무스크립트'))
    await form.getByLabel('연락처').fill(phones[0]!)
    await option(chosen.start).locator('input').check()
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    // Sent at once: a form without JavaScript sends no fill time (spam.ts judges it by the
    // honeypot alone).
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    await page.waitForURL(/\/registration\/result/)
    const url = new URL(page.url())
    expect(url.searchParams.get('status')).toBe('accepted')
    expect(await page.getByText(SUCCESS).isVisible()).toBe(true)
    // The receipt and the time are on the page itself, without JavaScript.
    expect(await page.locator('.registration-receipt strong').textContent()).toBe(
      url.searchParams.get('receipt'),
    )
    expect(await page.locator('.registration-visit strong').textContent()).toBe(
      formatVisitAt(chosen.start),
    )
    await keepScreenshot(page, `visits-nojs-result-${viewport}`, {fullPage: false})

    // Taken to the last seat by others: the time page says 마감 and does not offer it.
    await takeEverySeat(site, chosen.start)
    await page.goto(timePage)
    expect(await option(chosen.start).locator('.visit-time-left').textContent()).toBe('마감')
    expect(await option(chosen.start).locator('input').isDisabled()).toBe(true)

    // A time that fills between the look and the send is refused, and nothing is kept.
    const other = await latestOffered(times)
    await form.getByLabel('이름').fill(uniqueName('늦은'))
    await form.getByLabel('연락처').fill(phones[1]!)
    await option(other.start).locator('input').check()
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await takeEverySeat(site, other.start)
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    await page.waitForURL(/\/registration\/result/)
    expect(new URL(page.url()).searchParams.get('status')).toBe('full')
    expect(await page.getByText(/선택하신 시간이 마감되었습니다/).isVisible()).toBe(true)
    expect(await page.getByRole('link', {name: '다른 시간 선택하러 가기'}).isVisible()).toBe(true)
    await keepScreenshot(page, `visits-nojs-full-${viewport}`, {fullPage: false})
    await page.context().close()
  })
})
