import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {openHydrated, uniqueName} from './leads-page.ts'
import {bookVisitNow} from './visit-booking.ts'
import {signInOnPage} from '../staff-token.ts'

const site = inject('defaultSite')

/** A number of its own at each width: a number holds one coming visit on a site. */
const NUMBERS = {desktop: '010-4567-0001', narrow: '010-4567-0002'} as const

describe.each(['desktop', 'narrow'] as const)('arrival at the model house (%s)', (viewport) => {
  it('shows the visitor a code on the day, which the staff type at the door to check them in', async () => {
    const name = uniqueName('도착')
    const manageUrl = await bookVisitNow(site, {name, phone: NUMBERS[viewport]})

    const visitor = await openPage(viewport)
    await openHydrated(visitor, manageUrl)
    const arrival = visitor.getByRole('region', {name: '도착 확인 번호'})
    const code = (await arrival.locator('.visit-arrival-code').textContent())!
    expect(code).toMatch(/^\d{4}$/)
    await keepScreenshot(visitor, `arrival-code-${viewport}`, {fullPage: false})

    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    await staff.getByRole('button', {name: '방문 일정'}).click()
    const entry = staff.locator('.visit-schedule-slot li', {hasText: name})
    await entry.waitFor()
    // Not confirmed the day before: 미확인, to be called.
    expect(await entry.locator('.visit-schedule-status').textContent()).toBe('미확인')
    const form = staff.locator('form.check-in-form')
    await form.getByLabel('현장').selectOption(site)
    await form.getByLabel('도착 확인 번호').fill(code)
    await form.getByRole('button', {name: '방문 확인'}).click()
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(new RegExp(`^${name} 님의 방문을 \\d{2}:\\d{2}에 확인했습니다\\.$`))
    await expect
      .poll(() => entry.locator('.visit-schedule-status').textContent())
      .toMatch(/^방문완료 \d{2}:\d{2}$/)
    await keepScreenshot(staff, `arrival-staff-${viewport}`, {fullPage: false})

    // The name opens the lead, whose history tells the arrival and the stage it moved.
    await entry.getByRole('button', {name: `${name} 님 문의 열기`}).click()
    const panel = staff.getByRole('region', {name: new RegExp(`^${name} · `)})
    const history = panel.locator('.lead-history').first()
    await expect.poll(() => history.textContent()).toContain('견본주택 방문 확인(도착)')
    expect(await history.textContent()).toContain('상태 방문예약 → 방문완료')
    await keepScreenshot(staff, `arrival-lead-${viewport}`)
    await panel.getByRole('button', {name: '닫기'}).click()

    // The same code again is refused in Korean, and the visitor's page says they arrived.
    await form.getByLabel('도착 확인 번호').fill(code)
    await form.getByRole('button', {name: '방문 확인'}).click()
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('이미 방문을 확인한 예약입니다.')
    await visitor.reload()
    await visitor.getByText('방문 완료').waitFor()
    expect(await visitor.getByRole('region', {name: '도착 확인 번호'}).count()).toBe(0)
    expect(visitor.consoleErrors).toEqual([])
    await visitor.context().close()
    await staff.context().close()
  })
})
