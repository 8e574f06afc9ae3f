import type {Page} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, VIEWPORTS, type ViewportName} from '../browser.ts'
import {settledScrollY} from '../home/home-page.ts'
import {freeSlots, openHydrated, uniqueName} from './leads-page.ts'
import {textsTo} from './staff-texts.ts'
import {signInOnPage} from '../staff-token.ts'

const site = inject('defaultSite')

/** A registration through the endpoint, as a form sends it; its answer. */
async function register(
  phone: string,
  extra: Record<string, unknown> = {},
): Promise<{manageUrl?: string}> {
  const response = await fetch(`${inject('baseUrl')}/api/register`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
    body: JSON.stringify({
      name: uniqueName('광고확인'),
      phone,
      consent: true,
      marketingConsent: true,
      source: 'customer',
      site,
      fillMs: 10_000,
      ...extra,
    }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as {manageUrl?: string}
}

/**
 * The 선착순 notice sits on every page as a slim bar over the header row, on one line and
 * in view at `width`.
 */
async function expectHeaderNotice(page: Page, width: number) {
  const notice = page.locator('.site-header .notice-bar')
  expect(await notice.getByText('선착순 계약 진행 중').isVisible()).toBe(true)
  const bar = (await notice.boundingBox())!
  expect(bar.y).toBe(0)
  expect(bar.width).toBe(width)
  expect(bar.height).toBeLessThanOrEqual(30)
  const text = (await notice.locator('.first-come-notice').boundingBox())!
  expect(text.height).toBeLessThan(20)
  const row = (await page.locator('.site-header .header-bar').boundingBox())!
  expect(row.y).toBe(bar.y + bar.height)
}

const REMAINING = [
  ['84A', '잔여 3세대'],
  ['84B', '마감'],
  ['84C', '잔여 9세대'],
]

describe.each(['desktop', 'narrow'] as ViewportName[])('remaining units (%s)', (viewport) => {
  it('shows every counted type on the home unit board, in view with its plan', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/')
    const board = page.locator('#home-unit-plan .unit-board')
    await board.scrollIntoViewIfNeeded()
    await settledScrollY(page)
    const rows = await board
      .locator('li')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('a')?.textContent,
          item.querySelector('strong')?.textContent,
        ]),
      )
    expect(rows).toEqual(REMAINING)
    expect(await board.locator('.unit-board__date').textContent()).toBe('11월 26일 기준')
    expect(await board.getByText('선착순 계약 진행 중').isVisible()).toBe(true)
    // The board sits inside the screen, beside the plan it belongs to, and no wider.
    const box = (await board.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
    await keepScreenshot(page, `home-units-${viewport}`, {fullPage: false})
    await page.context().close()
  })

  it('shows the type’s remaining units and the date on its floor-plan page', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/FloorPlan/84B')
    const caption = page.locator('.floor-plan figcaption')
    expect(await caption.locator('.unit-remaining').textContent()).toBe('마감 11월 26일 기준')
    expect(await caption.getByText('선착순 계약 진행 중').isVisible()).toBe(true)
    await expectHeaderNotice(page, VIEWPORTS[viewport].width)
    // The bar takes nothing from the header row: its phone button stays on the screen.
    const phone = page.locator('.site-header :is(.phone-button, .tel-link):visible')
    const box = (await phone.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
    await keepScreenshot(page, `header-notice-${viewport}`, {fullPage: false})
    if (viewport === 'desktop')
      for (const width of [1280, 1024, 768]) {
        await page.setViewportSize({width, height: 900})
        await expectHeaderNotice(page, width)
      }
    await page.setViewportSize(VIEWPORTS[viewport])
    await caption.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `floor-plan-84B-${viewport}`, {fullPage: false})
    await page.goto(`${inject('baseUrl')}/FloorPlan/84A`)
    expect(await page.locator('.floor-plan .unit-remaining').textContent()).toBe(
      '잔여 3세대 11월 26일 기준',
    )
    await page.context().close()
  })
})

describe('a registration without a visit', () => {
  it.each(['narrow', 'desktop'] as ViewportName[])(
    'lets the number’s owner confirm the consent through the acknowledgement’s link (%s)',
    async (viewport) => {
      const phone = `010-${viewport === 'narrow' ? '61' : '62'}${String(Date.now()).slice(-6, -4)}-${String(Date.now()).slice(-4)}`
      expect(await register(phone)).not.toHaveProperty('manageUrl')
      let texts: {kind: string; text: string}[] = []
      await expect
        .poll(async () => (texts = await textsTo(phone)).length, {timeout: 30_000})
        .toBe(1)
      expect(texts[0]!.kind).toBe('acknowledgement')
      const link = new URL(/https?:\/\/\S+\/visit\/[A-Za-z0-9_-]{43}/.exec(texts[0]!.text)![0])
        .pathname

      const owner = await openPage(viewport)
      await openHydrated(owner, link)
      await owner.getByRole('heading', {level: 1, name: '관심고객 등록 확인'}).waitFor()
      expect(await owner.getByText('방문 일시').count()).toBe(0)
      expect(await owner.getByRole('link', {name: '방문 예약 페이지'}).getAttribute('href')).toBe(
        `/${site}/customer`,
      )
      await keepScreenshot(owner, `registration-link-${viewport}`)
      await owner.getByRole('button', {name: '네, 수신에 동의합니다'}).click()
      await owner.getByText(/마케팅 정보 수신 동의를 확인했습니다/).waitFor()
      await keepScreenshot(owner, `registration-link-confirmed-${viewport}`)
      await owner.context().close()
      await expect
        .poll(async () => (await textsTo(phone)).map((text) => text.kind), {timeout: 30_000})
        .toEqual(['advert', 'acknowledgement'])
    },
    120_000,
  )
})

describe('the advertising text and its refusal', () => {
  it('sends one advert once the number’s owner confirms; a staff refusal stops the next', async () => {
    const phone = `010-${String(Date.now()).slice(-8, -4)}-${String(Date.now()).slice(-4)}`
    const [slot] = await freeSlots(site)
    const {manageUrl} = await register(phone, {visitAt: slot!.start})
    const page = await openPage('desktop')
    await openHydrated(page, '/admin/leads')
    await signInOnPage(page)
    // The staff functions' first calls start cold on the shared machine: give it time.
    await page.getByRole('button', {name: '문자 발송함'}).click({timeout: 45_000})
    await page.getByLabel('받는 번호').fill(phone)
    await page.getByRole('button', {name: '조회'}).click()
    // The whole outbox shows until the number's own answer arrives.
    const texts = page.locator('.outbox-list li', {hasText: `받는 사람 ${phone}`})
    const confirmation = texts.filter({hasText: '방문 예약이 확정'})
    await confirmation.waitFor({timeout: 30_000})
    const adverts = texts.filter({hasText: '(광고)'})
    // Ticked on the form, the consent is not the number owner's yet: no advert.
    expect(await adverts.count()).toBe(0)

    // The link texted to the number (not the one the form's sender got) asks the owner.
    const texted = (await confirmation.locator('.outbox-bubble p').textContent())!
    const link = new URL(/https?:\/\/\S+\/visit\/[A-Za-z0-9_-]{43}/.exec(texted)![0]).pathname
    expect(link).not.toBe(manageUrl)
    const question = (visitor: Page) =>
      visitor.getByRole('heading', {name: '마케팅 정보 수신 동의 확인'})
    const sender = await openPage('desktop')
    await openHydrated(sender, manageUrl!)
    await sender.getByText(/문자의 링크에서 확인하실 수 있습니다/).waitFor()
    expect(await question(sender).count()).toBe(0)
    await sender.context().close()
    const narrow = await openPage('narrow')
    await openHydrated(narrow, link)
    await question(narrow).waitFor()
    await keepScreenshot(narrow, 'visit-consent-confirm-narrow')
    await narrow.context().close()
    const owner = await openPage('desktop')
    await openHydrated(owner, link)
    await question(owner).waitFor()
    await keepScreenshot(owner, 'visit-consent-confirm-desktop')
    await owner.getByRole('button', {name: '네, 수신에 동의합니다'}).click()
    await owner.getByText(/마케팅 정보 수신 동의를 확인했습니다/).waitFor()
    expect(await question(owner).count()).toBe(0)
    expect(await owner.getByRole('button', {name: '수신 동의 철회'}).isVisible()).toBe(true)
    await keepScreenshot(owner, 'visit-consent-confirmed-desktop')
    await owner.context().close()

    await page.getByRole('button', {name: '조회'}).click()
    await adverts.first().waitFor({timeout: 30_000})
    await keepScreenshot(page, 'outbox-advert-desktop', {fullPage: false})
    const advert = (await adverts.first().locator('.outbox-bubble p').textContent())!
    expect(advert).toMatch(/^\(광고\)\[솔담 레이크파크\]/)
    expect(advert).toContain('84A 잔여 3세대, 84B 마감, 84C 잔여 9세대 (11월 26일 기준)')
    expect(advert).toContain('무료수신거부 080-500-0440')

    await page.getByLabel('수신거부 번호').fill(phone)
    await page.getByRole('button', {name: '수신거부 기록'}).click()
    await page.getByText(`${phone}의 광고 문자 수신거부를 기록했습니다.`, {exact: false}).waitFor()
    await keepScreenshot(page, 'outbox-refusal-desktop', {fullPage: false})

    // A later form with the box ticked gets its registration text, and no advert.
    await register(phone)
    await page.getByRole('button', {name: '조회'}).click()
    await expect.poll(() => texts.count(), {timeout: 10_000}).toBe(3)
    expect(await adverts.count()).toBe(1)
    await page.context().close()
  }, 240_000)
})
