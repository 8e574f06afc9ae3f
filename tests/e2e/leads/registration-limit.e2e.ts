import pg from 'pg'
import {afterEach, describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {staffLeadsNamed} from '../staff-token.ts'
import {letFillTimePass, openHydrated, shownReceipt, uniqueName} from './leads-page.ts'
import {POPUP_OPENER} from './visit-booking.ts'

/** The registrations' window per address (register-handler.ts): 10 minutes. */
const WINDOW_S = 600

/**
 * Fills every address's registration counter to the stack's limit within the current window,
 * as a crowd behind one address would. The window must not end between the fill and the
 * visitor's try, so a fill close to its end waits for the next window.
 */
async function fillTheLimit(): Promise<void> {
  const secondsLeft = WINDOW_S - ((Date.now() / 1000) % WINDOW_S)
  if (secondsLeft < 30)
    await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 500))
  await withDatabase((client) =>
    client.query(
      `UPDATE rate_limits SET hits = $1,
         window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)
       WHERE bucket = 'register'`,
      [inject('registerRateLimit'), WINDOW_S],
    ),
  )
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({connectionString: inject('databaseUrl')})
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

// The other files register freely again.
afterEach(() =>
  withDatabase((client) =>
    client.query(`UPDATE rate_limits SET hits = 0 WHERE bucket = 'register'`),
  ),
)

describe.each(['desktop', 'narrow'] as const)('an address past its limit (%s)', (viewport) => {
  it('tells the visitor why, how long to wait and which number to call, and keeps nothing', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/Brand/intro')
    const register = async (name: string) => {
      await page.locator(POPUP_OPENER[viewport]).click()
      const dialog = page.getByRole('dialog', {name: '방문 예약'})
      await dialog.getByLabel('이름').fill(name)
      await dialog.getByLabel('연락처').pressSequentially('01056781234')
      await dialog.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
      await letFillTimePass(page)
      await dialog.getByRole('button', {name: '등록하기'}).click()
      return dialog
    }
    // The first registration of this address in the window is counted like any other.
    await shownReceipt(page, await register(uniqueName('한도')))
    await page.keyboard.press('Escape')
    await fillTheLimit()

    const refusedName = uniqueName('한도초과')
    const dialog = await register(refusedName)
    const refusal = dialog.locator('.registration-outcome.is-refused')
    await refusal.waitFor()
    const text = (await refusal.textContent()) ?? ''
    // The wait, in minutes or, in the window's last minute, seconds; and the line to call.
    expect(text).toMatch(
      /등록 요청이 너무 많습니다\. (([1-9]|10)분|[1-5]?[0-9]초) 후에 다시 시도하시거나/,
    )
    expect(text).toContain('대표번호(1661-0440)으로 전화해 주세요.')
    expect(await dialog.locator('.registration-receipt').count()).toBe(0)
    expect(await staffLeadsNamed(refusedName)).toEqual([])
    // What was typed stays for the next try.
    expect(await dialog.getByLabel('연락처').inputValue()).toBe('010-5678-1234')
    await keepScreenshot(page, `registration-limit-${viewport}`, {fullPage: false})
    expect(page.consoleErrors.filter((error) => !error.includes('429'))).toEqual([])
    await page.context().close()
  })
})
