import jsQR from 'jsqr'
import sharp from 'sharp'
import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, VIEWPORTS} from '../browser.ts'
import {browserWithCamera, cameraClip} from '../fake-camera.ts'
import {signInOnPage} from '../staff-token.ts'
import {openHydrated, uniqueName} from './leads-page.ts'
import {bookVisitNow} from './visit-booking.ts'

const site = inject('defaultSite')

/** The visitor's page on the day, and its QR code as the screen shows it. */
async function visitorWithQr(name: string, phone: string) {
  const visitor = await openPage('narrow')
  await openHydrated(visitor, await bookVisitNow(site, {name, phone}))
  const qr = visitor.getByRole('img', {name: '도착 확인 QR 코드'})
  await qr.waitFor()
  return {visitor, picture: await qr.screenshot()}
}

describe('arrival by the QR code', () => {
  it('checks a visitor in when a phone at the door scans the QR code on their screen', async () => {
    const name = uniqueName('QR')
    const {visitor, picture} = await visitorWithQr(name, '010-4567-0011')
    await keepScreenshot(visitor, 'arrival-qr-visitor-narrow', {fullPage: false})

    const browser = await browserWithCamera(await cameraClip(picture, 'arrival-qr'))
    try {
      const staff = await browser.newContext({
        viewport: VIEWPORTS.narrow,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
        hasTouch: true,
        isMobile: true,
        deviceScaleFactor: 2,
      })
      const page = await staff.newPage()
      await page.goto(`${inject('baseUrl')}/admin/leads`)
      await signInOnPage(page)
      await page.getByRole('button', {name: '방문 일정'}).click()
      const entry = page.locator('.visit-schedule-slot li', {hasText: name})
      await entry.waitFor()
      const form = page.locator('form.check-in-form')

      const scanned = Date.now()
      await form.getByRole('button', {name: 'QR 스캔'}).click()
      await expect
        .poll(() => entry.locator('.visit-schedule-status').textContent(), {timeout: 20_000})
        .toMatch(/^방문완료 \d{2}:\d{2}$/)
      console.log(`QR scan to 방문완료 on screen: ${Date.now() - scanned} ms`)
      expect(await form.getByRole('status').textContent()).toMatch(
        new RegExp(`^${name} 님의 방문을 \\d{2}:\\d{2}에 확인했습니다\\.$`),
      )
      // The dialog has closed and the focus is back on the button that opened it.
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('QR 스캔')
      await keepScreenshot(page, 'arrival-qr-staff-narrow', {fullPage: false})

      // The same QR code again: refused in Korean, and one arrival stays recorded.
      await form.getByRole('button', {name: 'QR 스캔'}).click()
      await expect
        .poll(() => form.getByRole('status').textContent(), {timeout: 20_000})
        .toBe('이미 방문을 확인한 예약입니다.')
      await visitor.reload()
      await visitor.getByText('방문 완료').waitFor()
      expect(await visitor.getByRole('img', {name: '도착 확인 QR 코드'}).count()).toBe(0)
    } finally {
      await browser.close()
      await visitor.context().close()
    }
  })

  it('checks a visitor in when a staff phone’s own camera opens the QR code’s address', async () => {
    const name = uniqueName('QR')
    const {visitor, picture} = await visitorWithQr(name, '010-4567-0012')
    const {data, info} = await sharp(picture)
      .ensureAlpha()
      .raw()
      .toBuffer({resolveWithObject: true})
    const address = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
    expect(address).toMatch(/\/admin\/leads#check-in\?site=/)
    await visitor.context().close()

    const staff = await openPage('desktop')
    // The QR code names the public address; this run's site is the stack's.
    await staff.goto(`${inject('baseUrl')}${new URL(address!).pathname}${new URL(address!).hash}`)
    await signInOnPage(staff)
    const form = staff.locator('form.check-in-form')
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(new RegExp(`^${name} 님의 방문을 \\d{2}:\\d{2}에 확인했습니다\\.$`))
    expect(new URL(staff.url()).hash).toBe('')
    await keepScreenshot(staff, 'arrival-qr-opened-desktop', {fullPage: false})
    await staff.context().close()
  })
})
