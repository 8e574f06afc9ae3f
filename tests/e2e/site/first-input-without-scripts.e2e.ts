import {describe, expect, inject, it} from 'vitest'
import {openPage} from '../browser.ts'
import {OUTCOME_TIMEOUT_MS} from './first-input.ts'

/**
 * A registration press on a page whose scripts fail or never arrive still leads on: to the
 * customer page, at once or after 5 s (first-input.ts has the press while they load).
 */
const baseUrl = inject('baseUrl')

describe('a registration press when the scripts do not come', () => {
  it('leads to the customer page at once when they fail to load', async () => {
    const page = await openPage('desktop')
    await page.route('**/assets/*.js', (route) => route.abort('failed'))
    await page.goto(`${baseUrl}/`, {waitUntil: 'domcontentloaded'})
    await page.locator('.home-hero__cta').click()
    await page.waitForURL(/\/[a-z0-9-]+\/customer$/, {
      timeout: OUTCOME_TIMEOUT_MS,
      waitUntil: 'commit',
    })
    await page.context().close()
  })

  it(
    'leads to the customer page when they ' + 'have not arrived after 5 s, and not before',
    async () => {
      const page = await openPage('desktop')
      await page.route('**/assets/*.js', () => undefined) // never answered
      await page.goto(`${baseUrl}/`, {waitUntil: 'domcontentloaded'})
      const pressedAt = Date.now()
      await page.locator('.home-hero__cta').click()
      await page.waitForURL(/\/[a-z0-9-]+\/customer$/, {
        timeout: OUTCOME_TIMEOUT_MS,
        waitUntil: 'commit',
      })
      expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(5000)
      await page.context().close()
    },
  )
})
