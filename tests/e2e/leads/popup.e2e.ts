import type {Page} from 'playwright-core'
import {describe, expect, it} from 'vitest'
import {openPage, type ViewportName} from '../browser.ts'
import {
  focusMatches,
  focusView,
  focusWhenGoneMatches,
  tabUntil,
  watchFocusWhenGone,
} from '../keyboard.ts'
import {
  ERROR,
  FAILED,
  letFillTimePass,
  openHydrated,
  receivedLead,
  shownReceipt,
  SUCCESS,
  uniqueName,
} from './leads-page.ts'

/** The reservation button each layout shows: the footer's on desktop, the fixed bar's on phones. */
const OPENER_SOURCE: Record<ViewportName, string> = {desktop: 'footer', narrow: 'mobile-bar'}
const opener = (viewport: ViewportName) => `[data-registration="${OPENER_SOURCE[viewport]}"]`
const focusedSource = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-registration'))

async function openPopup(page: Page, viewport: ViewportName) {
  await page.locator(opener(viewport)).click()
  const dialog = page.getByRole('dialog', {name: '방문 예약'})
  await dialog.waitFor()
  return dialog
}

describe.each(['desktop', 'narrow'] as const)('registration popup (%s)', (viewport) => {
  it(
    'registers a visitor, shows the receipt ' + 'in place of the form and forwards the lead',
    async () => {
      const page = await openPage(viewport)
      await openHydrated(page, '/Brand/intro')
      const dialog = await openPopup(page, viewport)
      expect(
        await page.evaluate(() =>
          document.querySelector('dialog.registration-popup')?.matches(':modal'),
        ),
      ).toBe(true)
      const name = uniqueName('팝업')
      await dialog.getByLabel('이름').fill(name)
      await dialog.getByLabel('연락처').pressSequentially('01012345678')
      expect(await dialog.getByLabel('연락처').inputValue()).toBe('010-1234-5678')
      await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
      await letFillTimePass(page)
      await watchFocusWhenGone(page, 'dialog form')
      await dialog.getByRole('button', {name: '등록하기'}).click()
      const receipt = await shownReceipt(page, dialog)
      expect(await dialog.getByText(SUCCESS).isVisible()).toBe(true)
      expect(await dialog.locator('form').count()).toBe(0)
      // The receipt took the focus the form had, in the same update.
      expect(await focusWhenGoneMatches(page, 'dialog .registration-status')).toBe(true)
      const lead = await receivedLead(receipt)
      expect(lead).toMatchObject({
        name,
        phone: '010-1234-5678',
        source: 'popup',
        consent: true,
        marketingConsent: false,
      })
      expect(lead.idempotencyKey).toBe(lead.id)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it(
    'closes with Back and with Escape, returning ' + 'the focus to the button that opened it',
    async () => {
      const page = await openPage(viewport)
      await openHydrated(page, '/Brand/intro')
      const url = page.url()
      const historyLength = await page.evaluate(() => history.length)
      await page.locator(opener(viewport)).focus()
      const dialog = await openPopup(page, viewport)
      expect(await page.evaluate(() => history.length)).toBe(historyLength + 1)
      await dialog.getByLabel('이름').fill('홍길동')

      await page.goBack()
      await dialog.waitFor({state: 'hidden'})
      expect(page.url()).toBe(url)
      expect(await focusedSource(page)).toBe(OPENER_SOURCE[viewport])

      // The same form comes back with its input; Escape closes it and leaves the pushed entry.
      await openPopup(page, viewport)
      expect(await dialog.getByLabel('이름').inputValue()).toBe('홍길동')
      await page.keyboard.press('Escape')
      await dialog.waitFor({state: 'hidden'})
      await page.waitForFunction(
        () => !(history.state as {registrationPopup?: boolean} | null)?.registrationPopup,
      )
      expect(await focusedSource(page)).toBe(OPENER_SOURCE[viewport])

      await openPopup(page, viewport)
      await dialog.getByRole('button', {name: '닫기'}).click()
      await dialog.waitFor({state: 'hidden'})
      await page.goBack()
      // Back after closing leaves the page for the previous one, not into a closed popup.
      expect(page.url()).not.toBe(url)
      await page.context().close()
    },
  )

  it('explains invalid input next to each field before sending anything', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/')
    let requests = 0
    await page.route('**/api/register', (route) => {
      requests++
      return route.continue()
    })
    const dialog = await openPopup(page, viewport)
    await dialog.getByRole('button', {name: '등록하기'}).click()
    expect(await dialog.getByText('이름을 입력해 주세요.').isVisible()).toBe(true)
    expect(await dialog.getByText('연락처를 입력해 주세요.').isVisible()).toBe(true)
    expect(
      await dialog.getByText('[필수] 개인정보 수집 및 이용에 동의해 주세요.').isVisible(),
    ).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')

    await dialog.getByLabel('이름').fill('홍길동')
    await dialog.getByLabel('연락처').fill('012-345-6789')
    await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await dialog.getByRole('button', {name: '등록하기'}).click()
    const phone = dialog.getByLabel('연락처')
    expect(await phone.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? ''
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      '연락처 형식을 확인해 주세요. 예) 010-1234-5678',
    )
    expect(await dialog.getByText('이름을 입력해 주세요.').count()).toBe(0)
    expect(requests).toBe(0)
    await page.context().close()
  })

  it(
    'shows a refusal with the server’s field messages ' +
      'and keeps the input for a retry with the same key',
    async () => {
      const page = await openPage(viewport)
      await openHydrated(page, '/')
      const keys: string[] = []
      await page.route('**/api/register', (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '')
        return keys.length === 1
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                ok: false,
                error: '입력 내용을 확인해 주세요.',
                fields: {name: '이름은 30자 이내로 입력해 주세요.'},
              }),
            })
          : route.fulfill({status: 500, body: 'Internal Server Error'})
      })
      const dialog = await openPopup(page, viewport)
      await dialog.getByLabel('이름').fill('홍길동')
      await dialog.getByLabel('연락처').fill('02-234-5678')
      await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
      await dialog.getByRole('button', {name: '등록하기'}).click()
      await dialog.getByText(FAILED).waitFor()
      expect(await dialog.getByText('이름은 30자 이내로 입력해 주세요.').isVisible()).toBe(true)
      expect(await dialog.getByLabel('이름').getAttribute('aria-invalid')).toBe('true')
      expect(await dialog.getByLabel('이름').inputValue()).toBe('홍길동')
      expect(await dialog.getByLabel('연락처').inputValue()).toBe('02-234-5678')

      await dialog.getByRole('button', {name: '등록하기'}).click()
      // The retry has been sent, then answered: only then is the message the retry's own.
      await expect.poll(() => keys.length).toBe(2)
      // The popup's own button (the home page has its reservation form's too, before it in the
      // page).
      await page.waitForFunction(
        () => !document.querySelector('dialog .registration-submit')?.hasAttribute('disabled'),
      )
      expect(await dialog.getByText(FAILED).isVisible()).toBe(true)
      expect(keys).toHaveLength(2)
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
      expect(keys[1]).toBe(keys[0])
      await page.context().close()
    },
  )

  it('offers the phone line when the network fails, with the input kept', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/register', async (route) => {
      await held
      await route.abort('internetdisconnected')
    })
    const dialog = await openPopup(page, viewport)
    await dialog.getByLabel('이름').fill('홍길동')
    await dialog.getByLabel('연락처').fill('1661-0440')
    await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await dialog.getByRole('button', {name: '등록하기'}).click()
    const busy = dialog.getByRole('button', {name: '등록 중...'})
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    release()
    await dialog.getByText(ERROR).waitFor()
    expect(await dialog.locator('.registration-outcome a[href^="tel:"]').count()).toBe(1)
    expect(await dialog.getByLabel('이름').inputValue()).toBe('홍길동')
    expect(await dialog.getByLabel('연락처').inputValue()).toBe('1661-0440')
    await page.context().close()
  })

  it(
    'opens from the keyboard, keeps the focus in the popup ' +
      '(never on the page behind) and gives it back on Escape',
    async () => {
      const page = await openPage(viewport)
      await openHydrated(page, '/Brand/intro')
      // Desktop: the header's banner, forwards from the top; phones: the fixed bar's
      // reservation button, the last stop of the page, backwards from the top.
      const openerSelector =
        viewport === 'desktop' ? '[data-registration="header"]' : opener(viewport)
      await tabUntil(page, openerSelector, {limit: 80, backwards: viewport === 'narrow'})
      expect(await focusView(page)).toMatchObject({ring: true, onScreen: true})
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', {name: '방문 예약'})
      await dialog.waitFor()
      // The first field takes the focus, visibly.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('name')
      expect(await focusView(page)).toMatchObject({ring: true, onScreen: true})
      // The walk starts once the visit times have arrived: they come after the popup opens and
      // push the fields below them down, a focused one out of the window included.
      await dialog.getByRole('tablist', {name: '방문 날짜'}).waitFor()

      const stops = await dialog
        .locator('a[href], button, input, select, textarea, summary')
        .count()
      const inDialog = () =>
        page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))
      let wrapped = false
      for (let step = 0; step < stops + 2; step++) {
        await page.keyboard.press('Tab')
        const view = await focusView(page)
        // Past the last control the focus visits the browser's own controls (the document
        // itself here), then comes back to the popup's first one: never the page behind.
        if (view.isBody) continue
        expect(await inDialog()).toBe(true)
        expect(view).toMatchObject({ring: true, onScreen: true})
        if (view.label === '닫기') wrapped = true
      }
      expect(wrapped).toBe(true)
      for (let step = 0; step < stops + 2; step++) {
        await page.keyboard.press('Shift+Tab')
        if (!(await focusView(page)).isBody) expect(await inDialog()).toBe(true)
      }

      await page.keyboard.press('Escape')
      await dialog.waitFor({state: 'hidden'})
      expect(await focusMatches(page, openerSelector)).toBe(true)
      expect(await focusView(page)).toMatchObject({ring: true, onScreen: true})
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )
})
