import {describe, expect, inject, it} from 'vitest'
import {formatVisitAt, formatVisitClock, formatVisitDay} from '#shared/visits/visit-time.ts'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {freeSlots, postRegistration, uniqueName} from './leads-page.ts'
import {textsTo} from './staff-texts.ts'

const site = inject('defaultSite')
const NUMBERS: Record<ViewportName, string> = {desktop: '010-5555-0471', narrow: '010-5555-0472'}

describe.each(['desktop', 'narrow'] as const)('a visit booked for a caller (%s)', (viewport) => {
  it('books, moves and cancels a caller’s visit from the lead’s panel, texting them each time', async () => {
    const name = uniqueName('전화')
    const phone = NUMBERS[viewport]
    const registered = await postRegistration({name, phone, site, source: 'popup'})
    expect(registered.status).toBe(201)
    const {receipt} = (await registered.json()) as {receipt: string}
    const [first, second] = (await freeSlots(site)).slice(-8, -6)

    const page = await openPage(viewport)
    await page.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(page)
    await page.getByRole('button', {name: '문의 목록'}).click()
    const fold = page.getByRole('button', {name: /^검색 조건/})
    if (viewport === 'narrow') await fold.click()
    await page.getByLabel('이름·연락처').fill(name)
    await page.getByRole('button', {name: '조회', exact: true}).click()
    await page.getByRole('button', {name: `${name} (${receipt}) 열기`}).click()
    const visit = page.getByRole('region', {name: '방문 예약'})
    await expect.poll(() => visit.textContent()).toContain('잡힌 예약 없음')

    const choose = async (start: string, button: string) => {
      await visit.getByRole('tab', {name: formatVisitDay(start.slice(0, 10))}).click()
      await visit.getByRole('radio', {name: new RegExp(`^${formatVisitClock(start)}`)}).check()
      await visit.getByRole('button', {name: button}).click()
    }
    await visit.getByRole('button', {name: '방문 예약'}).click()
    await choose(first!.start, '예약')
    await expect.poll(() => visit.getByRole('status').textContent()).toBe('방문을 예약했습니다.')
    await expect.poll(() => visit.textContent()).toContain(`${formatVisitAt(first!.start)} · 예약`)
    await keepScreenshot(page, `staff-visit-booked-${viewport}`, {fullPage: false})

    await visit.getByRole('button', {name: '일시 변경'}).click()
    await choose(second!.start, '변경 저장')
    await expect.poll(() => visit.getByRole('status').textContent()).toBe('방문 일시를 바꿨습니다.')
    await expect.poll(() => visit.textContent()).toContain(`${formatVisitAt(second!.start)} · 예약`)

    await visit.getByRole('button', {name: '예약 취소'}).click()
    await visit.getByRole('button', {name: '취소 확정'}).click()
    await expect.poll(() => visit.getByRole('status').textContent()).toBe('예약을 취소했습니다.')
    await expect.poll(() => visit.textContent()).toContain('· 취소')
    const history = page.locator('.lead-history').first()
    await expect
      .poll(() => history.textContent())
      .toContain(`방문 예약: ${formatVisitAt(first!.start)}`)
    expect(await history.textContent()).toContain('방문 예약 취소')

    // The caller is texted as if they had booked and cancelled on their own.
    await expect
      .poll(async () => (await textsTo(phone)).map((text) => text.kind))
      .toContain('confirmation')
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})
