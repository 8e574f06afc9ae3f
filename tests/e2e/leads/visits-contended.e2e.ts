import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {letFillTimePass, openHydrated, shownReceipt, uniqueName} from './leads-page.ts'
import {staffLeadsNamed} from '../staff-token.ts'
import {textsTo} from './staff-texts.ts'
import {
  lastOpenDay,
  pickFirstFreeTime,
  POPUP_OPENER as OPENER,
  takeEverySeat,
} from './visit-booking.ts'

const site = inject('defaultSite')

/** A number of its own at each width: a number holds one coming visit on a site. */
const NUMBERS: Record<ViewportName, {filled: string}> = {
  desktop: {filled: '01034567890'},
  narrow: {filled: '01034567891'},
}

describe.each(['desktop', 'narrow'] as const)('a second booking by one number (%s)', (viewport) => {
  it('books no second time, says so, texts the first link to the number only, and that page shows the remaining units', async () => {
    const stamp = String(Date.now())
    const digits = `010${viewport === 'desktop' ? '71' : '72'}${stamp.slice(-6)}`
    const phone = `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    const name = uniqueName('두번예약')
    const page = await openPage(viewport)
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
    await lastOpenDay(form).click()
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

describe.each(['desktop', 'narrow'] as const)('a time that fills while chosen (%s)', (viewport) => {
  it('shows the time 마감 and not chosen, says it filled, and books one of the nearest', async () => {
    const page = await openPage(viewport)
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
    await takeEverySeat(site, start)
    await letFillTimePass(page)
    await dialog.getByRole('button', {name: '등록하기'}).click()

    await expect
      .poll(() => dialog.locator('.registration-outcome-title').textContent())
      .toBe('선택하신 시간이 방금 마감되어 예약하지 못했습니다.')
    // The filled time is no longer chosen; it stays open to its waiting list.
    const filled = dialog.locator(`.visit-times input[value="${start}"]`)
    await expect.poll(() => filled.isChecked()).toBe(false)
    const filledTime = dialog.locator('.visit-times .visit-time', {
      has: page.locator(`input[value="${start}"]`),
    })
    await expect.poll(() => filledTime.textContent()).toContain('마감 대기 신청')
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
