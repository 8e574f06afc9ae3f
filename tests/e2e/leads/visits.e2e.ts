import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {
  freeSlots as freeSlotsOf,
  letFillTimePass,
  openHydrated,
  receivedLead,
  shownReceipt,
  SUCCESS,
  uniqueName,
} from './leads-page.ts'
import {staffLeadsNamed, signInOnPage} from '../staff-token.ts'
import {pickFirstFreeTime, POPUP_OPENER as OPENER, promisedTexts} from './visit-booking.ts'

const site = inject('defaultSite')

const freeSlots = () => freeSlotsOf(site)

/**
 * A number holds one coming visit on a site: each test that keeps its booking books with a
 * number of its own at each width.
 */
const NUMBERS: Record<ViewportName, Record<'popup' | 'autofill', string>> = {
  desktop: {popup: '01023456789', autofill: '010-2345-6780'},
  narrow: {popup: '01023456781', autofill: '010-2345-6782'},
}

describe.each(['desktop', 'narrow'] as const)('visit reservations (%s)', (viewport) => {
  it('books a time from the popup, then moves and cancels it from the visitor’s link', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/Brand/intro')
    await page.locator(OPENER[viewport]).click()
    const dialog = page.getByRole('dialog', {name: '방문 예약'})
    await dialog.waitFor()
    // The two fields come first; the time is the next step.
    await dialog.getByLabel('이름').waitFor()
    const labels = await dialog.locator('label, legend').allTextContents()
    expect(labels.slice(0, 2).map((text) => text.replace(/\s*\(필수\)/, ''))).toEqual([
      '이름',
      '연락처',
    ])
    await dialog.getByLabel('이름').fill(uniqueName('방문'))
    await dialog.getByLabel('연락처').pressSequentially(NUMBERS[viewport].popup)
    const time = await pickFirstFreeTime(dialog)
    expect(await dialog.locator('.visit-picker-live').textContent()).toContain(time)
    await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await dialog.getByLabel('[선택] 마케팅 정보 수신 동의').check()
    await keepScreenshot(page, `visits-popup-${viewport}`, {fullPage: false})
    await letFillTimePass(page)
    await dialog.getByRole('button', {name: '등록하기'}).click()
    const receipt = await shownReceipt(page, dialog)
    expect(await dialog.locator('.registration-visit').textContent()).toContain(time)

    await dialog.getByRole('link', {name: '예약 확인·변경'}).click()
    await page.getByRole('heading', {name: '방문 예약 확인'}).waitFor()
    expect(page.url()).toMatch(new RegExp(`/${site}/visit/[A-Za-z0-9_-]{43}$`))
    expect(await page.locator('.visit-facts').textContent()).toContain(receipt)
    expect(await page.locator('.visit-facts-at').textContent()).toContain(time)
    expect(await page.getByText('예약 확정').isVisible()).toBe(true)
    await keepScreenshot(page, `visits-link-${viewport}`, {fullPage: false})

    await page.getByRole('button', {name: '다른 시간으로 변경'}).click()
    // The booked time is marked where it stands, and cannot be chosen again.
    const current = page.locator('.visit-move .visit-time.is-current')
    expect(await current.textContent()).toBe(`${time}현재 예약`)
    expect(await current.locator('input').isDisabled()).toBe(true)
    // A closed day (휴관) has its tab too, with no time to move to.
    const days = page.locator('.visit-move [role="tab"]:not(.is-closed)')
    await days.nth(1).click()
    const moved = await pickFirstFreeTime(page.locator('.visit-move'))
    await keepScreenshot(page, `visits-move-${viewport}`, {fullPage: false})
    await page.getByRole('button', {name: '이 시간으로 변경'}).click()
    await page.getByText('방문 일시를 변경했습니다.').waitFor()
    expect(await page.locator('.visit-facts-at').textContent()).toContain(moved)

    await page.getByRole('button', {name: '수신 동의 철회'}).click()
    await page.getByText(/수신 동의를 철회했습니다/).waitFor()

    await page.getByRole('button', {name: '예약 취소'}).click()
    await page.getByRole('button', {name: '예, 취소합니다'}).click()
    await page.getByText('방문 예약을 취소했습니다.').waitFor()
    expect(await page.getByText('예약 취소됨').isVisible()).toBe(true)
    // Not a dead end: the page leads to booking again.
    expect(await page.getByRole('link', {name: '방문 예약 다시 하기'}).getAttribute('href')).toBe(
      `/${site}/customer`,
    )
    // The page was drawn in the browser and keeps out of search engines.
    const html = await (await fetch(page.url())).text()
    expect(html).not.toContain(receipt)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})

describe.each(['desktop', 'narrow'] as const)('an autofilled popup (%s)', (viewport) => {
  it('books a time sent within 3 seconds of opening, and the staff see the doubt', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/Brand/intro')
    // The page's clock stops as the popup opens: the form counts 0 ms, as when the browser
    // fills it and the visitor sends it at once.
    await page.evaluate(() => {
      const frozen = Date.now()
      Date.now = () => frozen
    })
    await page.locator(OPENER[viewport]).click()
    const dialog = page.getByRole('dialog', {name: '방문 예약'})
    const name = uniqueName('자동입력')
    await dialog.getByLabel('이름').fill(name)
    await dialog.getByLabel('연락처').fill(NUMBERS[viewport].autofill)
    const time = await pickFirstFreeTime(dialog)
    await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await dialog.getByRole('button', {name: '등록하기'}).click()
    const receipt = await shownReceipt(page, dialog)
    expect(await dialog.locator('.registration-outcome-title').textContent()).toBe(SUCCESS)
    expect(await dialog.locator('.registration-visit').textContent()).toContain(time)
    // Kept as a person's: forwarded and in the staff's list with its visit, marked to check.
    expect((await receivedLead(receipt)).name).toBe(name)
    const [lead] = await staffLeadsNamed(name)
    expect(lead).toMatchObject({receipt, doubt: 'too-fast', visit: {status: 'booked'}})
    await page.context().close()
  })
})

// The same at every width (a form's fields and the server's answers; no layout, no touch): on
// a phone, where most visitors book, and the staff's schedule on a desktop.
describe('visit reservations', () => {
  it('books from the customer page, and a tampered link says so in Korean', async () => {
    const page = await openPage('narrow')
    await openHydrated(page, `/${site}/customer`)
    const promises = await promisedTexts(page.locator('main'))
    expect(promises.length).toBeGreaterThan(0)
    for (const promise of promises) expect(promise).toContain('마케팅 정보 수신에 동의하신 분께만')
    const form = page.locator('.customer-form form')
    await form.getByLabel('이름').fill(uniqueName('고객방문'))
    await form.getByLabel('연락처').pressSequentially('01034567899')
    const time = await pickFirstFreeTime(form)
    const start = (await form.locator('.visit-times input:checked').getAttribute('value')) ?? ''
    const seatsLeft = form.locator('.visit-times .visit-time', {
      has: page.locator(`input[value="${start}"]`),
    })
    const before = Number.parseInt((await seatsLeft.locator('.visit-time-left').textContent())!)
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await keepScreenshot(page, 'visits-customer-narrow', {fullPage: false})
    await letFillTimePass(page)
    await form.getByRole('button', {name: '등록하기'}).click()
    await shownReceipt(page, form)
    expect(await form.locator('.registration-visit').textContent()).toContain(time)
    // The seats shown count the visitor's own booking at once, not a 15-second-old answer.
    await expect
      .poll(() => seatsLeft.locator('.visit-time-left').textContent())
      .toBe(before > 1 ? `${before - 1}자리 남음` : '마감 대기 신청')

    const link = (await form.getByRole('link', {name: '예약 확인·변경'}).getAttribute('href'))!
    await page.goto(`${inject('baseUrl')}${link.slice(0, -4)}AAAA`)
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toMatch(/[가-힣]/)
    await page.context().close()
  })

  it('shows the staff who is coming, by day and time, with a phone to tap', async () => {
    const name = uniqueName('일정')
    const [slot] = await freeSlots()
    const response = await fetch(`${inject('baseUrl')}/api/register`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
      body: JSON.stringify({
        name,
        phone: '010-6789-0123',
        message: '3명 방문 예정',
        consent: true,
        source: 'customer',
        site,
        fillMs: 10_000,
        visitAt: slot!.start,
      }),
    })
    expect(response.status).toBe(201)
    const page = await openPage('desktop')
    await page.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(page)
    await page.getByRole('button', {name: '방문 일정'}).click()
    // 방문 일정 opens on today; the booking may be on a later day.
    await page.getByLabel('기간').selectOption('14')
    const entry = page.locator('.visit-schedule-slot li', {hasText: name})
    await entry.waitFor()
    expect(await entry.textContent()).toContain('3명 방문 예정')
    expect(await entry.getByRole('link').getAttribute('href')).toMatch(/^tel:/)
    const time = slot!.start.slice(11, 16)
    expect(
      await page
        .locator('.visit-schedule-slot', {has: page.locator('li', {hasText: name})})
        .locator('h3')
        .textContent(),
    ).toBe(time)
    await keepScreenshot(page, 'visits-staff-desktop', {fullPage: false})
    await page.getByRole('button', {name: '문자 발송함'}).click()
    await page.locator('.outbox').waitFor()
    await keepScreenshot(page, 'visits-outbox-desktop', {fullPage: false})
    await page.context().close()
  })
})
