import {readFile} from 'node:fs/promises'
import {describe, expect, inject, it} from 'vitest'
import {addDays, kstDate} from '#shared/korea-time.ts'
import {shortDay} from '#src/components/admin/stats-figures.ts'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {freeSlots, postRegistration, uniqueName, uniquePhone} from './leads-page.ts'
import {signInOnPage} from '../staff-token.ts'
import {exportLeads} from './export-dialog.ts'
import {csvRecords} from '#tests/helpers/csv-records.ts'

/*
 * A counsellor's calls and the leads list as they work them: the call's outcome from the lead's
 * panel into its history, the list as cards with tap-to-call on a phone and as a table on a
 * desktop, the exported CSV, and the dashboard's 14 days of coming visits.
 */

const site = inject('defaultSite')
const NUMBERS: Record<ViewportName, string> = {desktop: '010-5555-0461', narrow: '010-5555-0462'}

describe.each(['desktop', 'narrow'] as const)('calls and the leads list (%s)', (viewport) => {
  it('records each call outcome from the lead’s panel and lists the lead for a call', async () => {
    const name = uniqueName('통화')
    const phone = NUMBERS[viewport]
    const registered = await postRegistration({name, phone, source: 'popup'})
    expect(registered.status).toBe(201)
    const {receipt} = (await registered.json()) as {receipt: string}

    // Visits on the first and the last day with a free time within the chart's 14 days.
    const today = kstDate(Date.now())
    const slots = (await freeSlots(site)).filter(
      (slot) => slot.start.slice(0, 10) < addDays(today, 14),
    )
    const visitors = [slots[0]!, slots.at(-1)!].map((slot) => ({
      name: uniqueName('방문'),
      start: slot.start,
    }))
    for (const visitor of visitors) {
      const booked = await postRegistration({
        name: visitor.name,
        visitAt: visitor.start,
        site,
        phone: uniquePhone(),
      })
      expect(booked.status).toBe(201)
    }

    const page = await openPage(viewport, {acceptDownloads: true})
    await page.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(page)

    // The dashboard's coming visits: one bar per day for 14 days, each day named in Korean in
    // the table beside the chart.
    const visits = page.getByRole('table', {name: '다가오는 방문 예약'})
    await visits.waitFor()
    const days = await visits.locator('tbody tr td:first-child').allTextContents()
    expect(days).toEqual(Array.from({length: 14}, (_, index) => shortDay(addDays(today, index))))
    expect(days[0]).toMatch(/^\d{1,2}\.\d{1,2}\([일월화수목금토]\)$/)
    for (const {start} of visitors) {
      const day = visits.locator('tbody tr', {hasText: shortDay(start.slice(0, 10))})
      expect(Number(await day.locator('td').nth(1).textContent())).toBeGreaterThanOrEqual(1)
    }
    const chart = page.getByRole('img', {name: '다가오는 방문 예약 그래프 (숫자는 아래 표)'})
    await chart.locator('canvas').first().waitFor()
    await chart.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `calls-chart-${viewport}`, {fullPage: false})

    await page.getByRole('button', {name: '문의 목록'}).click()
    const search = page.getByLabel('이름·연락처')
    const fold = page.getByRole('button', {name: /^검색 조건/})
    if (viewport === 'narrow') {
      // On a phone the filters fold behind one control, which counts those applied.
      expect(await fold.textContent()).toBe('검색 조건 전체 보기')
      expect(await fold.getAttribute('aria-expanded')).toBe('false')
      expect(await search.isVisible()).toBe(false)
      await page.locator('.lead-card').first().waitFor()
      await keepScreenshot(page, `calls-list-folded-${viewport}`, {fullPage: false})
      await fold.click()
    } else {
      expect(await fold.isVisible()).toBe(false)
    }
    if (viewport === 'narrow') {
      // A booked lead's card tells the visit's day and time.
      await search.fill(visitors[0]!.name)
      await page.getByRole('button', {name: '조회', exact: true}).click()
      const booked = page.locator('.lead-card', {hasText: visitors[0]!.name})
      await expect
        .poll(() => booked.textContent())
        .toContain(`방문 ${formatVisitAt(visitors[0]!.start)}`)
      await fold.click()
    }
    await search.fill(name)
    await page.getByRole('button', {name: '조회', exact: true}).click()
    const open = page.getByRole('button', {name: `${name} (${receipt}) 열기`})
    await open.waitFor()
    if (viewport === 'narrow') {
      await expect.poll(() => fold.textContent()).toBe('검색 조건 1개 적용 중')
      expect(await search.isVisible()).toBe(false)
      expect(await page.locator('.leads-table').isVisible()).toBe(false)
      const card = page.locator('.lead-card', {has: open})
      expect(await card.getByRole('link', {name: phone}).getAttribute('href')).toBe(
        `tel:${phone.replaceAll('-', '')}`,
      )
      expect(await card.textContent()).toContain('방문 예약 없음')
      expect(await card.textContent()).toContain('신규')
      await keepScreenshot(page, `calls-list-${viewport}`, {fullPage: false})
    } else {
      expect(await page.locator('.lead-cards').isVisible()).toBe(false)
      const row = page.locator('.leads-table tbody tr', {has: open})
      expect(await row.locator('td[data-label="연락처"]').textContent()).toBe(phone)
      expect(await row.locator('td[data-label="마지막 연락"]').textContent()).toBe('-')
      await keepScreenshot(page, `calls-list-${viewport}`, {fullPage: false})
    }

    await open.click()
    const panel = page.getByRole('region', {name: `${name} · ${receipt}`})
    const calls = panel.getByRole('group', {name: '통화 결과'})
    await calls.waitFor()
    expect(await calls.getByRole('link', {name: /전화 걸기/}).getAttribute('href')).toBe(
      `tel:${phone.replaceAll('-', '')}`,
    )
    const status = calls.getByRole('status')
    const history = panel.locator('.lead-history').first()

    await calls.getByRole('button', {name: '부재', exact: true}).click()
    await expect.poll(() => status.textContent()).toBe('부재중 통화를 기록했습니다.')
    await expect.poll(() => history.textContent()).toContain('통화 결과: 부재')

    await calls.getByRole('button', {name: '재통화 요청', exact: true}).click()
    const callbackAt = calls.getByLabel('다시 전화할 시각')
    expect(await callbackAt.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/)
    await calls.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `calls-callback-${viewport}`, {fullPage: false})
    await calls.getByRole('button', {name: '재통화 요청 기록'}).click()
    await expect
      .poll(() => status.textContent())
      .toMatch(/^재통화 요청을 기록했습니다\. .+에 다시 전화하세요\.$/)
    await expect.poll(() => history.textContent()).toContain('통화 결과: 재통화 요청 (')
    expect(await panel.locator('.lead-fields').textContent()).toContain('재통화 예정')

    await calls.getByRole('button', {name: '연결', exact: true}).click()
    await expect.poll(() => status.textContent()).toBe('연결된 통화를 기록했습니다.')
    await expect.poll(() => history.textContent()).toContain('통화 결과: 연결')
    expect(await history.textContent()).toContain('상태 신규 → 연락완료')
    expect(await panel.getByLabel('상태', {exact: true}).inputValue()).toBe('contacted')
    expect(await panel.locator('.lead-fields').textContent()).not.toContain('재통화 예정')
    expect(await panel.locator('.lead-fields').textContent()).not.toContain('아직 없음')

    await panel.getByLabel('메모 추가').fill('84A 관심, 주말 방문 고민')
    await panel.getByRole('button', {name: '저장'}).click()
    await panel.getByText('저장했습니다.').waitFor()
    await keepScreenshot(page, `calls-history-${viewport}`)
    await panel.getByRole('button', {name: '닫기'}).click()

    // The list shows the stage the call moved and the last contact.
    const listed =
      viewport === 'narrow'
        ? page.locator('.lead-card', {has: open})
        : page.locator('.leads-table tbody tr', {has: open})
    await expect.poll(() => listed.textContent()).toContain('연락완료')
    expect(await listed.textContent()).toMatch(/\d{1,2}:\d{2}/)

    if (viewport === 'desktop') {
      const download = await exportLeads(page, {
        reason: '재통화·후속 연락',
        columns: [
          '접수번호',
          '현장',
          '상태',
          '이름',
          '연락처',
          '마지막 연락',
          '재통화 예정',
          '메모',
        ],
        format: 'csv',
      })
      const text = await readFile(await download.path(), 'utf8')
      const [header] = text.replace(/^\uFEFF/, '').split('\r\n')
      expect(header).toBe('접수번호,현장,상태,이름,연락처,마지막 연락,재통화 예정,메모')
      const records = csvRecords(text)
      expect(records).toHaveLength(1)
      expect(records[0]).toMatchObject({
        접수번호: receipt,
        상태: '연락완료',
        이름: name,
        연락처: `="${phone}"`,
        '재통화 예정': '',
      })
      // The site by its name, not its path segment.
      expect(records[0]!['현장']).toMatch(/[가-힣]/)
      expect(records[0]!['마지막 연락']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
      expect(records[0]!['메모']).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 84A 관심, 주말 방문 고민$/,
      )
    }
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  }, 180_000)
})
