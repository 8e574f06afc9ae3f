import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {openHydrated, uniqueName} from './leads-page.ts'
import {textsTo} from './staff-texts.ts'
import {bookVisitAt} from './visit-booking.ts'

const site = inject('defaultSite')

/** Numbers of their own at each width: a number holds one coming visit on a site. */
const NUMBERS = {
  desktop: {missed: '010-4568-0001', tomorrow: '010-4568-0002', started: '010-4568-0005'},
  narrow: {missed: '010-4568-0003', tomorrow: '010-4568-0004', started: '010-4568-0006'},
} as const

const bookAt = (name: string, phone: string, visitAt: string) =>
  bookVisitAt(site, {name, phone}, visitAt)

/** Two hours ago to the minute: the slot (an hour at most) ended over 30 minutes ago. */
const TWO_HOURS_AGO = `date_trunc('minute', now()) - interval '2 hours'`
/** Today's midnight on Seoul's clock (a time without its zone). */
const SEOUL_MIDNIGHT = `date_trunc('day', now() AT TIME ZONE 'Asia/Seoul')`
/**
 * Ten minutes ago, or the Korean day's first minute when that is later: today, started, and
 * far from the job's 30 minutes after its end.
 */
const TEN_MINUTES_AGO = `greatest(date_trunc('minute', now()) - interval '10 minutes',
  ${SEOUL_MIDNIGHT} AT TIME ZONE 'Asia/Seoul')`
/** Tomorrow at 14:00 in Seoul. */
const TOMORROW_AFTERNOON = `(${SEOUL_MIDNIGHT} + interval '1 day 14 hours') AT TIME ZONE 'Asia/Seoul'`

describe.each(['desktop', 'narrow'] as const)('no-shows (%s)', (viewport) => {
  it('marks a visit nobody came to 노쇼, texts the visitor and lets them book again', async () => {
    const name = uniqueName('노쇼')
    const phone = NUMBERS[viewport].missed
    const manageUrl = await bookAt(name, phone, TWO_HOURS_AGO)

    // The scheduled job (every 2 s on the test stack) marks it and texts the way back.
    await expect
      .poll(async () => (await textsTo(phone)).map((text) => text.kind), {timeout: 30_000})
      .toContain('no-show')
    const text = (await textsTo(phone)).find((one) => one.kind === 'no-show')!
    expect(text.text).toContain('견본주택 방문 예약 시간이 지났습니다')
    expect(text.text).toContain(`/${site}/visit/`)

    const visitor = await openPage(viewport)
    await openHydrated(visitor, manageUrl)
    await visitor.getByText('방문하지 않음').waitFor()
    expect(await visitor.locator('.visit-book-offer').textContent()).toContain(
      '예약하신 시간에 방문하지 않으셔서 이 예약은 끝났습니다.',
    )
    expect(await visitor.getByRole('button', {name: '다른 시간으로 변경'}).count()).toBe(0)
    await keepScreenshot(visitor, `no-show-visitor-${viewport}`)
    await visitor.getByRole('link', {name: '방문 예약 다시 하기'}).click()
    await visitor.waitForURL(`**/${site}/customer`)
    await visitor.locator('.customer-form form').waitFor()
    expect(visitor.consoleErrors).toEqual([])
    await visitor.context().close()

    // The staff read it in the lead's history: who marked it (the job) and the stage.
    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    await staff.getByRole('button', {name: '문자 발송함'}).click()
    await staff.getByLabel('받는 번호').fill(phone)
    await staff.getByRole('button', {name: '조회'}).click()
    await staff.getByText('노쇼 안내').first().waitFor()
    await keepScreenshot(staff, `no-show-outbox-${viewport}`, {fullPage: false})
    await staff.context().close()
  })

  it('offers 방문 확인 the day before, and the staff see it confirmed', async () => {
    const name = uniqueName('확인')
    const manageUrl = await bookAt(name, NUMBERS[viewport].tomorrow, TOMORROW_AFTERNOON)

    const visitor = await openPage(viewport)
    await openHydrated(visitor, manageUrl)
    const confirm = visitor.getByRole('region', {name: '방문 확인'})
    await confirm.waitFor()
    await keepScreenshot(visitor, `confirm-before-${viewport}`, {fullPage: false})
    await confirm.getByRole('button', {name: '방문 확인'}).click()
    await visitor.getByText('방문 확인을 받았습니다. 예약하신 시간에 뵙겠습니다.').waitFor()
    expect(await confirm.count()).toBe(0)
    await visitor.reload()
    await visitor.getByText('방문 예정을 확인해 주셨습니다. 예약하신 시간에 뵙겠습니다.').waitFor()
    await keepScreenshot(visitor, `confirm-after-${viewport}`, {fullPage: false})
    expect(visitor.consoleErrors).toEqual([])
    await visitor.context().close()

    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    await staff.getByRole('button', {name: '방문 일정'}).click()
    await staff.getByLabel('기간').selectOption('7')
    const entry = staff.locator('.visit-schedule-slot li', {hasText: name})
    await entry.waitFor()
    expect(await entry.locator('.visit-schedule-status').textContent()).toBe('확인됨')
    await keepScreenshot(staff, `confirm-staff-${viewport}`, {fullPage: false})
    await staff.context().close()
  })

  it('lists today’s unconfirmed visitor to call, and marks them 노쇼 in one tap', async () => {
    const name = uniqueName('미확인')
    const phone = NUMBERS[viewport].started
    await bookAt(name, phone, TEN_MINUTES_AGO)

    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    await staff.getByRole('button', {name: '방문 일정'}).click()
    // 방문 일정 opens on today: the visitor is 미확인, in the list to call.
    const call = staff.getByRole('region', {name: /^오늘 전화 확인/})
    await call.getByRole('link', {name: `${name} ${phone} 전화 걸기`}).waitFor()
    const entry = staff.locator('.visit-schedule-slot li', {hasText: name})
    expect(await entry.locator('.visit-schedule-status').textContent()).toBe('미확인')
    expect(await entry.locator('.visit-schedule-stage').textContent()).toBe('단계 방문예약')
    await keepScreenshot(staff, `no-show-staff-before-${viewport}`)

    await entry.getByRole('button', {name: `${name} 님 노쇼 기록`}).click()
    await expect
      .poll(() => staff.locator('.visit-schedule > .leads-notice').textContent())
      .toBe(`${name} 님을 노쇼로 기록했습니다.`)
    await expect.poll(() => entry.locator('.visit-schedule-status').textContent()).toBe('노쇼')
    expect(await entry.locator('.visit-schedule-stage').textContent()).toBe('단계 노쇼')
    expect(await call.getByText(name).count()).toBe(0)
    await keepScreenshot(staff, `no-show-staff-after-${viewport}`, {fullPage: false})

    // The lead's history tells who marked it.
    await entry.getByRole('button', {name: `${name} 님 문의 열기`}).click()
    const panel = staff.getByRole('region', {name: new RegExp(`^${name} · `)})
    const history = panel.locator('.lead-history').first()
    await expect.poll(() => history.textContent()).toContain('예약에 방문하지 않음')
    expect(await history.textContent()).toContain('상태 방문예약 → 노쇼')
    await keepScreenshot(staff, `no-show-lead-${viewport}`)
    expect(staff.consoleErrors).toEqual([])
    await staff.context().close()
  })
})
