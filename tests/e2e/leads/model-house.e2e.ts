import type {Locator, Page} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, VIEWPORTS} from '../browser.ts'
import {settledScrollY} from '../home/home-page.ts'
import {
  freeSlots,
  letFillTimePass,
  openHydrated,
  postRegistration,
  receivedLead,
  shownReceipt,
  uniqueName,
  uniquePhone,
} from './leads-page.ts'

const site = inject('defaultSite')

/** The seed's model house (content/production.ndjson) as its block states it. */
const HOUSE_LINES = [
  '견본주택 안내',
  '울산광역시 남구 삼산로 287',
  '지도 보기 (네이버 지도)',
  '화–일 10:00–18:00',
  '매주 월요일 휴관',
  '공휴일 휴관',
]

async function expectHouse(block: Locator): Promise<void> {
  await block.waitFor()
  const text = await block.innerText()
  for (const line of HOUSE_LINES) expect(text).toContain(line)
  const map = block.getByRole('link', {name: /지도 보기/})
  expect(await map.getAttribute('href')).toMatch(/^https:\/\/map\.naver\.com\//)
  expect(await map.getAttribute('target')).toBe('_blank')
}

/** Whether an element's text fits its box: nothing cut off or overflowing sideways. */
const fitsItsBox = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)

/** Brings a home section into view (the desktop page then rests on its stop). */
async function showSection(page: Page, id: string): Promise<void> {
  await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id)
  await settledScrollY(page)
}

describe.each(['desktop', 'narrow'] as const)('the model house and the picker (%s)', (viewport) => {
  it('books from the home form with the picker, the chosen day and time in full, a closed day saying why', async () => {
    const page = await openPage(viewport)
    // The block is in the prerendered page, as text.
    const html = await (await fetch(`${inject('baseUrl')}/`)).text()
    for (const line of HOUSE_LINES) expect(html).toContain(line)

    await openHydrated(page, '/')
    await showSection(page, 'home-reservation')
    const section = page.locator('#home-reservation')
    await expectHouse(section.locator('.model-house'))
    const form = section.locator('form')
    const picker = form.getByRole('group', {name: /방문 희망 일시/})
    await picker.getByRole('tab').first().waitFor()
    expect(await form.locator('select').count()).toBe(0)

    // A closed day keeps its tab, says why, and offers no time; the arrow keys pass it.
    const closed = picker.getByRole('tab', {name: /휴관/}).first()
    await closed.click()
    expect(await closed.getAttribute('aria-selected')).toBe('true')
    const panel = picker.getByRole('tabpanel')
    expect(await panel.innerText()).toMatch(
      /휴관일입니다 · (매주 .요일 휴관|.+ 공휴일 휴관|임시 휴관)/,
    )
    expect(await panel.getByRole('radio').count()).toBe(0)
    await keepScreenshot(page, `home-closed-day-${viewport}`, {fullPage: false})
    await closed.press('ArrowRight')
    const next = picker.locator('[role="tab"]:focus')
    expect(await next.getAttribute('aria-selected')).toBe('true')
    expect(await next.getAttribute('aria-label')).not.toBe(await closed.getAttribute('aria-label'))

    // The first free time of the first day that has one.
    const start = (await freeSlots(site))[0]!.start
    const [, month, day] = start.slice(0, 10).split('-').map(Number)
    await picker.getByRole('tab', {name: new RegExp(`^${month}월 ${day}일`)}).click()
    await picker.locator(`input[value="${start}"]`).check()
    const live = picker.locator('.visit-picker-live')
    const chosen = `${month}월 ${day}일 (`
    expect(await live.innerText()).toContain(chosen)
    expect(await live.innerText()).toContain(start.slice(11, 16))
    expect(await live.isVisible()).toBe(true)
    expect(await fitsItsBox(live)).toBe(true)
    const selectedDay = picker.locator('[role="tab"][aria-selected="true"]')
    expect(await fitsItsBox(selectedDay)).toBe(true)

    await form.getByLabel('이름').fill(uniqueName('홈방문'))
    await form.getByLabel('연락처').fill(uniquePhone())
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    if (viewport === 'desktop') {
      // The section stays one screen high with the picker open (a stop shows exactly one
      // section: home/desktop.e2e.ts), and the form's button stands inside it.
      const button = await form.getByRole('button', {name: '방문예약 신청하기'}).boundingBox()
      const box = await section.boundingBox()
      expect(box!.height).toBeLessThanOrEqual(VIEWPORTS.desktop.height + 1)
      expect(button!.y + button!.height).toBeLessThanOrEqual(box!.y + box!.height)
    }
    await keepScreenshot(page, `home-reservation-${viewport}`, {fullPage: false})
    await letFillTimePass(page)
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    const receipt = await shownReceipt(page, form)
    expect(await form.locator('.registration-visit').innerText()).toContain(start.slice(11, 16))
    expect(await receivedLead(receipt)).toMatchObject({source: 'home'})
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('states the model house on the customer page, the visitor’s page and in the footer, beside the named 홍보관', async () => {
    const page = await openPage(viewport)
    const html = await (await fetch(`${inject('baseUrl')}/${site}/customer`)).text()
    for (const line of HOUSE_LINES) expect(html).toContain(line)

    await openHydrated(page, `/${site}/customer`)
    await expectHouse(page.locator('.customer-info .model-house'))
    await page.locator('.customer-form [role="tab"]').first().waitFor()
    const footer = page.locator('footer')
    await expectHouse(footer.locator('.model-house'))
    // Two addresses, each named for its place.
    const company = await footer.locator('.footer-company').innerText()
    expect(company).toMatch(/홍보관 주소\s*:?\s*울산광역시 남구 호수공원로 120/)
    expect(company).not.toContain('견본주택')
    expect(await fitsItsBox(page.locator('body'))).toBe(true)
    await keepScreenshot(page, `customer-${viewport}`)
    await footer.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `footer-${viewport}`, {fullPage: false})

    // The visitor's page of a booking.
    const [slot] = await freeSlots(site)
    const booked = await postRegistration({
      name: uniqueName('견본'),
      phone: uniquePhone(),
      site,
      visitAt: slot!.start,
    })
    const {manageUrl} = (await booked.json()) as {manageUrl: string}
    await openHydrated(page, manageUrl)
    await page.getByRole('heading', {name: '방문 예약 확인'}).waitFor()
    await expectHouse(page.locator('.visit-page-house'))
    // Stated once: the booking's facts leave the address to the block.
    const visitPage = await page.locator('.visit-page').innerText()
    expect(visitPage.split(HOUSE_LINES[1]!)).toHaveLength(2)
    expect(await fitsItsBox(page.locator('body'))).toBe(true)
    await keepScreenshot(page, `visit-page-${viewport}`)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})
