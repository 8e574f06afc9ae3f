import {describe, expect, inject, it} from 'vitest'
import {isQuietHour} from '#netlify/functions/_shared/texts/outbox-rules.ts'
import {formatVisitClock, formatVisitDay} from '#shared/visits/visit-time.ts'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {
  freeSlots,
  letFillTimePass,
  openHydrated,
  postRegistration,
  shownReceipt,
  uniqueName,
  uniquePhone,
} from './leads-page.ts'
import {textsTo} from './staff-texts.ts'

const site = inject('defaultSite')

/** A slot of its own at each width, late in the window where other tests seldom book. */
const SLOT_FROM_END: Record<ViewportName, number> = {desktop: 3, narrow: 5}

/** Books every seat left at `start` with numbers of their own; answers the visits' links. */
async function fillSlot(start: string, seats: number): Promise<string[]> {
  const links = []
  for (let seat = 0; seat < seats; seat++) {
    const response = await postRegistration({
      name: uniqueName('만석'),
      phone: uniquePhone(),
      site,
      visitAt: start,
    })
    expect(response.status).toBe(201)
    links.push(((await response.json()) as {manageUrl: string}).manageUrl)
  }
  return links
}

describe.each(['desktop', 'narrow'] as const)('the waiting list (%s)', (viewport) => {
  it('joins a full time, gets the freed seat by text when another visitor cancels, and claims it', async () => {
    const slot = (await freeSlots(site)).at(-SLOT_FROM_END[viewport])!
    const links = await fillSlot(slot.start, slot.remaining)
    const name = uniqueName('대기')
    const phone = uniquePhone()

    // The full time shows 마감 and offers its waiting list.
    const visitor = await openPage(viewport)
    await openHydrated(visitor, `/${site}/customer`)
    const form = visitor.locator('.customer-form form')
    await form.getByLabel('이름').fill(name)
    await form.getByLabel('연락처').pressSequentially(phone.replaceAll('-', ''))
    await form.getByRole('tab', {name: formatVisitDay(slot.start.slice(0, 10))}).click()
    const time = formatVisitClock(slot.start)
    const full = form.getByRole('radio', {name: `${time} 마감 대기 신청`})
    await full.check()
    await form.getByText('마감되어 대기 신청으로 접수됩니다').waitFor()
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await letFillTimePass(visitor)
    await full.scrollIntoViewIfNeeded()
    await keepScreenshot(visitor, `waitlist-join-${viewport}`, {fullPage: false})
    await form.getByRole('button', {name: '대기 신청하기'}).click()
    // Joined, or what the form said instead.
    await expect
      .poll(async () => (await form.getByRole('status').allTextContents()).join(' | '), {
        timeout: 30_000,
      })
      .toContain('대기 신청이 접수되었습니다')
    await shownReceipt(visitor, form)
    const line = form.locator('.registration-visit')
    expect(await line.textContent()).toContain('대기 신청이 접수되었습니다')
    await line.scrollIntoViewIfNeeded()
    await keepScreenshot(visitor, `waitlist-joined-${viewport}`, {fullPage: false})

    // Its page says where it stands.
    const entryUrl = (await form.getByRole('link', {name: '대기 순서 확인'}).getAttribute('href'))!
    await openHydrated(visitor, entryUrl)
    await visitor.getByText('대기 순서 1번입니다.', {exact: false}).waitFor()

    // Staff see the waiting list beside the slot in 방문 일정.
    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    await staff.getByRole('button', {name: '방문 일정'}).click()
    // 방문 일정 opens on today; the slot is late in the booking window.
    await staff.getByLabel('기간').selectOption('31')
    const schedule = staff.locator('.visit-schedule-slot', {
      has: staff.locator('h3 .visit-schedule-waitlist'),
    })
    await expect.poll(() => schedule.locator('h3').allTextContents()).toContain(`${time}대기 1명`)
    await keepScreenshot(staff, `waitlist-staff-${viewport}`, {fullPage: false})
    await staff.context().close()

    // Another visitor cancels through their own page.
    const other = await openPage(viewport)
    await openHydrated(other, links[0]!)
    await other.getByRole('button', {name: '예약 취소'}).click()
    await other.getByRole('button', {name: '예, 취소합니다'}).click()
    await other.getByText('방문 예약을 취소했습니다.').waitFor()
    await other.context().close()

    if (isQuietHour(Date.now())) {
      // In Seoul's quiet hours no offer is made: the seat waits for the 08:00 run.
      await visitor.reload()
      await visitor.getByText('대기 순서 1번입니다.', {exact: false}).waitFor()
      await visitor.context().close()
      return
    }

    // The number gets the offer, whose link holds the seat for 30 minutes.
    let offer: {kind: string; text: string} | undefined
    await expect
      .poll(async () => (offer = (await textsTo(phone)).find((t) => t.kind === 'waitlist-offer')), {
        timeout: 30_000,
      })
      .toBeDefined()
    expect(offer!.text).toContain('방문에 자리가 났습니다')
    const claimLink = /https?:\/\/\S+\/waitlist\/[A-Za-z0-9_-]{43}/.exec(offer!.text)![0]

    await openHydrated(visitor, new URL(claimLink).pathname)
    await visitor.getByRole('heading', {name: '자리가 났습니다'}).waitFor()
    expect(await visitor.locator('.visit-facts-at').textContent()).toContain(time)
    expect(await visitor.locator('.waitlist-left').textContent()).toMatch(
      /^\(남은 시간 (29|30)분 \d{2}초\)$/,
    )
    await keepScreenshot(visitor, `waitlist-offer-${viewport}`, {fullPage: false})
    await visitor.getByRole('button', {name: '예약 확정'}).click()

    // The booking: the visitor's own page of the visit.
    await visitor.waitForURL(/\/visit\/[A-Za-z0-9_-]{43}$/)
    await visitor.getByRole('heading', {name: '방문 예약 확인'}).waitFor()
    expect(await visitor.locator('.visit-status').textContent()).toBe('예약 확정')
    expect(await visitor.locator('.visit-facts-at').textContent()).toContain(time)
    await keepScreenshot(visitor, `waitlist-claimed-${viewport}`, {fullPage: false})
    await expect
      .poll(async () => (await textsTo(phone)).map((text) => text.kind).sort(), {timeout: 30_000})
      .toEqual(['acknowledgement', 'confirmation', 'waitlist-offer'])
    expect(visitor.consoleErrors).toEqual([])
    await visitor.context().close()
  })
})
