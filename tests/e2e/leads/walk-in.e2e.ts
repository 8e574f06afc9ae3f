import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {uniqueName} from './leads-page.ts'

const site = inject('defaultSite')

/** A number of its own at each width: a walk-in holds a visit of that number. */
const NUMBERS = {desktop: '010-4567-0021', narrow: '010-4567-0022'} as const

describe.each(['desktop', 'narrow'] as const)('a walk-in at the desk (%s)', (viewport) => {
  it('registers a visitor without a booking, who ticks the consent, as a visit checked in', async () => {
    const name = uniqueName('현장')
    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    await staff.getByRole('button', {name: '방문 일정'}).click()
    const desk = staff.locator('details.walk-in')
    await desk.getByText('예약 없이 오신 방문객 등록').click()
    // What the consent covers is on the staff's screen before the visitor ticks it.
    await desk.getByText('수집 및 이용 목적').waitFor()
    await desk.getByLabel('현장').selectOption(site)
    await desk.getByLabel('이름').fill(name)
    await desk.getByLabel('연락처').fill(NUMBERS[viewport])
    await desk.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await keepScreenshot(staff, `walk-in-form-${viewport}`)
    await desk.getByRole('button', {name: '방문 등록'}).click()
    await expect
      .poll(() => desk.getByRole('status').textContent())
      .toMatch(
        new RegExp(`^${name} 님을 현장 방문으로 등록하고 \\d{2}:\\d{2} 방문을 확인했습니다\\.$`),
      )
    expect(await desk.getByLabel('이름').inputValue()).toBe('')

    const entry = staff.locator('.visit-schedule-slot li', {hasText: name})
    await expect
      .poll(() => entry.locator('.visit-schedule-status').textContent())
      .toMatch(/^방문완료 \d{2}:\d{2}$/)
    expect(await entry.textContent()).toContain('현장 방문')
    await keepScreenshot(staff, `walk-in-listed-${viewport}`, {fullPage: false})

    await entry.getByRole('button', {name: `${name} 님 문의 열기`}).click()
    const panel = staff.getByRole('region', {name: new RegExp(`^${name} · `)})
    await expect
      .poll(() => panel.locator('.lead-history').first().textContent())
      .toContain('예약 없이 방문: 현장에서 등록하고 방문 확인')
    expect(staff.consoleErrors).toEqual([])
    await staff.context().close()
  })
})
