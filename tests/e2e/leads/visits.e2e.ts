import type {Locator} from 'playwright-core'
import {beforeAll, describe, expect, inject, it} from 'vitest'
import type {Lead} from '#shared/leads/lead.ts'
import {browserForFile, keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {
  defaultSite,
  freeSlots as freeSlotsOf,
  letFillTimePass,
  openHydrated,
  receivedLead,
  shownReceipt,
  SUCCESS,
  uniqueName,
} from './leads-page.ts'
import {staffToken} from '../staff-token.ts'

const browser = browserForFile()
let site: string
beforeAll(async () => {
  site = await defaultSite()
})

const freeSlots = () => freeSlotsOf(site)

/** Picks the first free time of the first day the picker shows; returns its label. */
async function pickFirstFreeTime(scope: Locator): Promise<string> {
  const time = scope.locator('.visit-times .visit-time:not(.is-full)').first()
  await time.waitFor()
  const label = (await time.locator('.visit-time-at').textContent()) ?? ''
  await time.locator('input').check()
  return label
}

const OPENER: Record<ViewportName, string> = {
  desktop: '[data-registration="footer"]',
  narrow: '[data-registration="mobile-bar"]',
}

describe.each(['desktop', 'narrow'] as const)('visit reservations (%s)', (viewport) => {
  it('books a time from the popup, then moves and cancels it from the visitor’s link', async () => {
    const page = await openPage(browser(), viewport)
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
    await dialog.getByLabel('연락처').pressSequentially('01023456789')
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

/** The leads the staff's list finds for a name, as the staff's API answers them. */
async function staffLeadsNamed(name: string): Promise<Lead[]> {
  const baseUrl = inject('baseUrl')
  const accessToken = await staffToken()
  const answer = await fetch(`${baseUrl}/api/admin/leads?q=${encodeURIComponent(name)}`, {
    headers: {authorization: `Bearer ${accessToken}`},
  })
  return ((await answer.json()) as {leads: Lead[]}).leads
}

describe.each(['desktop', 'narrow'] as const)('an autofilled popup (%s)', (viewport) => {
  it('books a time sent within 3 seconds of opening, and the staff see the doubt', async () => {
    const page = await openPage(browser(), viewport)
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
    await dialog.getByLabel('연락처').fill('010-2345-6780')
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

/**
 * What a booking page promises to text, sentence by sentence: remaining units and news come
 * only with the marketing consent, so a sentence that promises them names it.
 */
async function promisedTexts(scope: Locator): Promise<string[]> {
  const sentences = (await scope.innerText()).split(/(?<=[.다])\s+/)
  return sentences.filter((sentence) => /잔여 세대|분양 소식/.test(sentence))
}

/** Others book every seat left at `start`, as happens while a visitor reads the form. */
async function takeEverySeat(start: string): Promise<void> {
  const left = (await freeSlots()).find((slot) => slot.start === start)?.remaining ?? 0
  for (let seat = 0; seat < left; seat++) {
    const response = await fetch(`${inject('baseUrl')}/api/register`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
      body: JSON.stringify({
        name: uniqueName('선착순'),
        phone: `010-4${String(seat).padStart(3, '0')}-${String(Math.random()).slice(2, 6)}`,
        consent: true,
        source: 'customer',
        site,
        fillMs: 10_000,
        visitAt: start,
      }),
    })
    expect(response.status).toBe(201)
  }
}

describe.each(['desktop', 'narrow'] as const)('a time that fills while chosen (%s)', (viewport) => {
  it('shows the time 마감 and not chosen, says it filled, and books one of the nearest', async () => {
    const page = await openPage(browser(), viewport)
    await openHydrated(page, '/Brand/intro')
    await page.locator(OPENER[viewport]).click()
    const dialog = page.getByRole('dialog', {name: '방문 예약'})
    await dialog.getByLabel('이름').fill(uniqueName('마감'))
    await dialog.getByLabel('연락처').pressSequentially('01034567890')
    // The last day's first free time: away from the first day's, which other tests book, and
    // from the latest, which the no-JavaScript test books.
    await dialog.locator('[role="tab"]:not(.is-closed)').last().click()
    const option = dialog.locator('.visit-times .visit-time:not(.is-full)').first()
    const start = (await option.locator('input').getAttribute('value')) ?? ''
    await option.locator('input').check()
    await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await takeEverySeat(start)
    await letFillTimePass(page)
    await dialog.getByRole('button', {name: '등록하기'}).click()

    await expect
      .poll(() => dialog.locator('.registration-outcome-title').textContent())
      .toBe('선택하신 시간이 방금 마감되어 예약하지 못했습니다.')
    const filled = dialog.locator(`.visit-times input[value="${start}"]`)
    await expect.poll(() => filled.isDisabled()).toBe(true)
    expect(await filled.isChecked()).toBe(false)
    const filledTime = dialog.locator('.visit-times .visit-time', {
      has: page.locator(`input[value="${start}"]`),
    })
    expect(await filledTime.textContent()).toContain('마감')
    expect(await dialog.locator('.visit-picker-live').textContent()).toBe('')
    await keepScreenshot(page, `visits-filled-${viewport}`, {fullPage: false})

    const nearest = dialog.getByRole('radiogroup', {name: '가장 가까운 빈 시간'}).getByRole('radio')
    const other = (await nearest.first().getAttribute('value')) ?? ''
    expect(other).not.toBe(start)
    await nearest.first().check()
    await dialog.getByRole('button', {name: '등록하기'}).click()
    await shownReceipt(page, dialog)
    expect(await dialog.locator('.registration-visit').textContent()).toContain(other.slice(11, 16))
    // The browser logs the 409 itself; nothing else went wrong.
    expect(page.consoleErrors.filter((line) => !line.includes('409 (Conflict)'))).toEqual([])
    await page.context().close()
  })
})

// The same at every width (a form's fields and the server's answers; no layout, no touch): on
// a phone, where most visitors book, and the staff's schedule on a desktop.
describe('visit reservations', () => {
  it('books from the customer page, and a tampered link says so in Korean', async () => {
    const page = await openPage(browser(), 'narrow')
    await openHydrated(page, `/${site}/customer`)
    const promises = await promisedTexts(page.locator('main'))
    expect(promises.length).toBeGreaterThan(0)
    for (const promise of promises) expect(promise).toContain('마케팅 정보 수신에 동의하신 분께만')
    const form = page.locator('.customer-form form')
    await form.getByLabel('이름').fill(uniqueName('고객방문'))
    await form.getByLabel('연락처').pressSequentially('01034567890')
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
      .toBe(before > 1 ? `${before - 1}자리 남음` : '마감')

    const link = (await form.getByRole('link', {name: '예약 확인·변경'}).getAttribute('href'))!
    await page.goto(`${inject('baseUrl')}${link.slice(0, -4)}AAAA`)
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toMatch(/[가-힣]/)
    await page.context().close()
  })

  it('books a time with the home form without JavaScript, and explains a time that filled', async () => {
    const page = await openPage(browser(), 'narrow', {javaScriptEnabled: false})
    await page.goto(`${inject('baseUrl')}/`)
    const promises = await promisedTexts(page.locator('#home-reservation'))
    expect(promises.length).toBeGreaterThan(0)
    for (const promise of promises) expect(promise).toContain('마케팅 수신에 동의하신 분께만')
    const form = page.locator('#reservation form')
    const select = form.getByLabel(/방문 희망 일시/)
    const offered = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    expect(offered[0]).toBe('')
    // The latest time the page offers: far from today's cutoff and from the earliest
    // times, which the other tests book.
    const free = await freeSlots()
    const chosen = free.filter((slot) => offered.includes(slot.start)).at(-1)!
    expect(chosen).toBeTruthy()
    await form.getByLabel('이름').fill(uniqueName('무스크립트'))
    await form.getByLabel('연락처').fill('010-4567-8901')
    await select.selectOption(chosen.start)
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    // Sent at once: a form without JavaScript sends no fill time (spam.ts judges it by the
    // honeypot alone).
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    await page.waitForURL(/\/registration\/result/)
    expect(new URL(page.url()).searchParams.get('status')).toBe('accepted')
    expect(await page.getByText(SUCCESS).isVisible()).toBe(true)
    await keepScreenshot(page, 'visits-nojs-result-narrow', {fullPage: false})

    // The same time, taken to the last seat by others meanwhile.
    const left = (await freeSlots()).find((slot) => slot.start === chosen.start)?.remaining ?? 0
    for (let seat = 0; seat < left; seat++) {
      const response = await fetch(`${inject('baseUrl')}/api/register`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
        body: JSON.stringify({
          name: uniqueName('만석'),
          phone: `010-9000-${String(1000 + seat)}`,
          consent: true,
          source: 'customer',
          site,
          fillMs: 10_000,
          visitAt: chosen.start,
        }),
      })
      expect(response.status).toBe(201)
    }
    await page.goto(`${inject('baseUrl')}/`)
    await form.getByLabel('이름').fill(uniqueName('늦은'))
    await form.getByLabel('연락처').fill('010-5678-9012')
    await select.selectOption(chosen.start)
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    await page.waitForURL(/\/registration\/result/)
    expect(new URL(page.url()).searchParams.get('status')).toBe('full')
    expect(await page.getByText(/선택하신 시간이 마감되었습니다/).isVisible()).toBe(true)
    expect(await page.getByRole('link', {name: '다른 시간 선택하러 가기'}).isVisible()).toBe(true)
    await keepScreenshot(page, 'visits-nojs-full-narrow', {fullPage: false})
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
    const page = await openPage(browser(), 'desktop')
    await page.goto(`${inject('baseUrl')}/admin/leads`)
    await page.getByLabel('이메일').fill(inject('adminEmail'))
    await page.getByLabel('비밀번호').fill(inject('adminPassword'))
    await page.getByRole('button', {name: '로그인'}).click()
    await page.getByRole('button', {name: '방문 일정'}).click()
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
    await page.locator('.outbox, .leads-notice').first().waitFor()
    await keepScreenshot(page, 'visits-outbox-desktop', {fullPage: false})
    await page.context().close()
  })
})
