import {describe, expect, inject, it} from 'vitest'
import {kstDate, kstDateTime} from '#shared/korea-time.ts'
import {keepScreenshot, openPage} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {postRegistration, uniqueName, uniquePhone} from './leads-page.ts'
import {bookVisitNow} from './visit-booking.ts'

/*
 * A counsellor's day (오늘) as they work it, at the door on a phone and at a desk: they sign
 * in and land on 오늘, see a visitor booked for now and a new lead of theirs to call, record a
 * call without an answer and then a call back asked for, open the lead, and check the visitor
 * in with one tap.
 */

const site = inject('counsellorSite')
const counsellor = {email: inject('counsellorEmail'), password: inject('counsellorPassword')}
const TEN_MINUTES = 10 * 60_000

describe.each(['desktop', 'narrow'] as const)('a counsellor’s day (%s)', (viewport) => {
  it('lands on 오늘, works a new lead’s calls and checks a visitor in', async () => {
    const visitor = uniqueName('오늘방문')
    await bookVisitNow(site, {name: visitor, phone: uniquePhone()})
    const name = uniqueName('오늘신규')
    const phone = uniquePhone()
    const registered = await postRegistration({name, phone, site})
    expect(registered.status).toBe(201)
    // A later new lead, listed after this one until a call moves this one down.
    const later = await postRegistration({name: uniqueName('하늘신규'), phone: uniquePhone(), site})
    expect(later.status).toBe(201)

    const page = await openPage(viewport)
    await page.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(page, counsellor)
    // An account with sites opens on 오늘.
    await page.getByRole('button', {name: '오늘', pressed: true}).waitFor()

    const visits = page.getByRole('region', {name: /^오늘 방문 예정/})
    const entry = visits.locator('li', {
      has: page.getByRole('button', {name: `${visitor} 님 문의 열기`}),
    })
    await entry.waitFor()
    // Not confirmed the day before.
    expect(await entry.locator('.visit-schedule-status').textContent()).toBe('미확인')

    const calls = page.getByRole('region', {name: /^전화할 내 문의/})
    const cardOf = (lead: string) =>
      calls.locator('.today-call', {has: page.getByRole('button', {name: `${lead} 님 문의 열기`})})
    const card = cardOf(name)
    await card.waitFor()
    expect(await card.locator('.today-call-reasons').textContent()).toMatch(
      /^신규 문의 · 오늘 \d{2}:\d{2} 접수/,
    )
    expect(await card.getByRole('link', {name: `${phone} 전화 걸기`}).getAttribute('href')).toBe(
      `tel:${phone.replaceAll('-', '')}`,
    )
    // The visitor is the counsellor's lead too: their unconfirmed visit is a call to make, late.
    const visitorCard = cardOf(visitor)
    expect(await visitorCard.locator('.today-call-reasons').textContent()).toMatch(
      /^방문 확인 안 됨 · 오늘 \d{2}:\d{2} 방문 예약$/,
    )
    expect(await visitorCard.locator('.today-call-flag').textContent()).toBe('기한 지남')
    await keepScreenshot(page, `today-${viewport}`, {fullPage: false})
    await calls.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `today-calls-${viewport}`)

    const names = () => calls.locator('.today-call-name').allTextContents()
    expect((await names()).indexOf(name)).toBeLessThan((await names()).length - 1)
    // No answer: the lead stays, moved after the others, to be tried again.
    await card.getByRole('button', {name: '부재', exact: true}).click()
    await expect
      .poll(() => card.locator('.today-call-last').textContent())
      .toMatch(/^최근 통화 오늘 \d{2}:\d{2} · 부재$/)
    expect(await card.locator('.today-call-flag').textContent()).toBe('다시 걸기')
    await expect.poll(async () => (await names()).at(-1)).toBe(name)
    // Moving the card kept the focus on the button pressed.
    expect(
      await card
        .getByRole('button', {name: '부재', exact: true})
        .evaluate((button) => button === document.activeElement),
    ).toBe(true)

    // The name opens the lead, whose history has the call; closing gives the focus back.
    const open = card.getByRole('button', {name: `${name} 님 문의 열기`})
    await open.click()
    const panel = page.getByRole('region', {name: new RegExp(`^${name} · `)})
    const history = panel.locator('.lead-history').first()
    await expect.poll(() => history.textContent()).toContain('통화 결과: 부재')
    await keepScreenshot(page, `today-lead-${viewport}`, {fullPage: false})
    await panel.getByRole('button', {name: '닫기'}).click()
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true)

    // A call back asked for at a time: listed at that time, or off the day when it is tomorrow.
    const at = Math.ceil((Date.now() + 2 * TEN_MINUTES) / TEN_MINUTES) * TEN_MINUTES
    await card.getByRole('button', {name: '재통화 요청', exact: true}).click()
    await card.getByLabel('다시 전화할 시각').fill(kstDateTime(at).replace(' ', 'T'))
    await card.getByRole('button', {name: '재통화 요청 기록'}).click()
    if (kstDate(at) === kstDate(Date.now())) {
      await expect
        .poll(() => card.locator('.today-call-reasons').textContent())
        .toBe(`재통화 약속 · 오늘 ${kstDateTime(at).slice(11)}`)
      expect(await card.locator('.today-call-flag').count()).toBe(0)
      // The time's field folded away with the button pressed: the focus is on the lead's name.
      await expect
        .poll(() => open.evaluate((button) => button === document.activeElement))
        .toBe(true)
    } else {
      await expect.poll(() => card.count()).toBe(0)
      expect(await page.locator('.today-view > [role="status"]').textContent()).toContain(
        '오늘 전화할 목록에서 뺐습니다.',
      )
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(
        /^전화할 내 문의/,
      )
    }
    await keepScreenshot(page, `today-callback-${viewport}`)

    // One tap at the door: 방문완료, and the visitor's call is no longer to make.
    await entry.getByRole('button', {name: `${visitor} 님 방문완료 처리`}).click()
    await expect
      .poll(() => entry.locator('.visit-schedule-status').textContent())
      .toMatch(/^방문완료 \d{2}:\d{2}$/)
    await expect.poll(() => visitorCard.count()).toBe(0)
    expect(await page.locator('.today-view > [role="status"]').textContent()).toMatch(
      new RegExp(`^${visitor} 님의 방문을 \\d{2}:\\d{2}에 확인했습니다\\.$`),
    )
    await visits.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `today-arrived-${viewport}`, {fullPage: false})
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  }, 180_000)
})
