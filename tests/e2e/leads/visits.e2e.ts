import type {Locator} from 'playwright-core'
import {beforeAll, describe, expect, inject, it} from 'vitest'
import {browserForFile, keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {
  defaultSite,
  freeSlots as freeSlotsOf,
  type Slot,
  letFillTimePass,
  openHydrated,
  receivedLead,
  shownReceipt,
  SUCCESS,
  uniqueName,
} from './leads-page.ts'
import {staffLeadsNamed} from '../staff-token.ts'
import {formatVisitAt} from '~/lib/visits/slots.ts'
import {textsTo} from './staff-texts.ts'

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

/**
 * A number holds one coming visit on a site: each test that keeps its booking books with a
 * number of its own at each width.
 */
const NUMBERS: Record<ViewportName, Record<'popup' | 'autofill' | 'filled', string>> = {
  desktop: {popup: '01023456789', autofill: '010-2345-6780', filled: '01034567890'},
  narrow: {popup: '01023456781', autofill: '010-2345-6782', filled: '01034567891'},
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

describe.each(['desktop', 'narrow'] as const)('a second booking by one number (%s)', (viewport) => {
  it('books no second time, says so, texts the first link to the number only, and that page shows the remaining units', async () => {
    const stamp = String(Date.now())
    const digits = `010${viewport === 'desktop' ? '71' : '72'}${stamp.slice(-6)}`
    const phone = `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    const name = uniqueName('두번예약')
    const page = await openPage(browser(), viewport)
    await openHydrated(page, '/Brand/intro')
    await page.locator(OPENER[viewport]).click()
    const dialog = page.getByRole('dialog', {name: '방문 예약'})
    await dialog.getByLabel('이름').fill(name)
    await dialog.getByLabel('연락처').pressSequentially(digits)
    const time = await pickFirstFreeTime(dialog)
    await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await letFillTimePass(page)
    await dialog.getByRole('button', {name: '등록하기'}).click()
    await shownReceipt(page, dialog)
    expect(await dialog.locator('.registration-visit').textContent()).toContain(time)

    // The same number again, written another way, from the customer page.
    await openHydrated(page, `/${site}/customer`)
    const form = page.locator('.customer-form form')
    await form.getByLabel('이름').fill(name)
    await form.getByLabel('연락처').pressSequentially(digits)
    await form.getByRole('tab').last().click()
    await pickFirstFreeTime(form)
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await letFillTimePass(page)
    await form.getByRole('button', {name: '등록하기'}).click()
    await shownReceipt(page, form)
    const line = form.locator('.registration-visit')
    expect(await line.textContent()).toBe(
      '이미 예약하신 방문이 있어 새 시간은 잡지 않았습니다. 예약 확인·변경 링크를 등록하신 번호로 다시 보내 드렸습니다.',
    )
    expect(await form.getByRole('link', {name: '예약 확인·변경'}).count()).toBe(0)
    await line.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `visits-held-${viewport}`, {fullPage: false})

    // Both registrations are kept; one visit is booked, the other lead says why it has none.
    const leads = await staffLeadsNamed(name)
    expect(leads).toHaveLength(2)
    expect(leads.filter((lead) => lead.visit?.status === 'booked')).toHaveLength(1)
    expect(leads.filter((lead) => lead.visitRefused === 'existing-visit')).toHaveLength(1)

    // The number gets the first visit's confirmation twice, with the same link.
    let texts: {kind: string; text: string}[] = []
    await expect
      .poll(async () => (texts = await textsTo(phone)).map((text) => text.kind), {
        timeout: 30_000,
      })
      .toEqual(['confirmation', 'confirmation'])
    const links = texts.map(
      (text) => /https?:\/\/\S+\/visit\/[A-Za-z0-9_-]{43}/.exec(text.text)![0],
    )
    expect(links[0]).toBe(links[1])
    expect(texts[0]!.text).toContain('예약 확인·변경·잔여 세대 보기')

    // The page the text points to shows the site's remaining units now.
    await openHydrated(page, new URL(links[0]!).pathname)
    await page.getByRole('heading', {name: '방문 예약 확인'}).waitFor()
    expect(await page.locator('.visit-facts-at').textContent()).toContain(time)
    const units = page.getByRole('region', {name: '잔여 세대 현황'})
    await units.waitFor()
    const rows = await units.locator('li').allTextContents()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row).toMatch(/^\S+ (잔여 \d+세대|마감)$/)
    expect(await units.locator('.visit-remaining-date').textContent()).toMatch(
      /^\d{1,2}월 \d{1,2}일 기준$/,
    )
    await units.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `visits-remaining-${viewport}`, {fullPage: false})
    expect(page.consoleErrors).toEqual([])
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
    await dialog.getByLabel('연락처').pressSequentially(NUMBERS[viewport].filled)
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
    const page = await openPage(browser(), viewport, {javaScriptEnabled: false})
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
    await takeEverySeat(chosen.start)
    await page.goto(timePage)
    expect(await option(chosen.start).locator('.visit-time-left').textContent()).toBe('마감')
    expect(await option(chosen.start).locator('input').isDisabled()).toBe(true)

    // A time that fills between the look and the send is refused, and nothing is kept.
    const other = await latestOffered(times)
    await form.getByLabel('이름').fill(uniqueName('늦은'))
    await form.getByLabel('연락처').fill(phones[1]!)
    await option(other.start).locator('input').check()
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await takeEverySeat(other.start)
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    await page.waitForURL(/\/registration\/result/)
    expect(new URL(page.url()).searchParams.get('status')).toBe('full')
    expect(await page.getByText(/선택하신 시간이 마감되었습니다/).isVisible()).toBe(true)
    expect(await page.getByRole('link', {name: '다른 시간 선택하러 가기'}).isVisible()).toBe(true)
    await keepScreenshot(page, `visits-nojs-full-${viewport}`, {fullPage: false})
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
      .toBe(before > 1 ? `${before - 1}자리 남음` : '마감')

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
