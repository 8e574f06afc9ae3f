import pg from 'pg'
import type {Page} from 'playwright-core'
import {beforeAll, describe, expect, inject, it} from 'vitest'
import {kstMonth, previousMonth} from '#shared/access/access-record.ts'
import {keepScreenshot, openPage, type TestPage, type ViewportName} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {postRegistration, uniqueName, uniquePhone} from './leads-page.ts'

const admin = inject('adminEmail')
const thisMonth = kstMonth(Date.now())
const lastMonth = previousMonth(thisMonth)
const label = (month: string) => `${month.slice(0, 4)}년 ${Number(month.slice(5))}월`
const lastMonthLabel = label(lastMonth)
/** `text` matched literally in a pattern. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const REASON = '계약 안내 대상 확인'

/**
 * The stack's database is new, so its record begins this month: a download of last month is
 * written as the wrapper of a staff endpoint would have written it, and the record has a
 * month to review.
 */
async function recordLastMonth(): Promise<void> {
  const client = new pg.Client({connectionString: inject('databaseUrl')})
  await client.connect()
  try {
    const at = new Date(Date.parse(`${lastMonth}-15T14:00:00+09:00`))
    await client.query(
      `INSERT INTO access_log (at, actor, address, task, method, path, status, subject, reason,
         new_address)
       VALUES ($1, 'former@example.com', '192.0.2.10', '다운로드', 'GET', '/api/admin/leads.csv',
         200, '{"count": 320}', $2, true)`,
      [at, REASON],
    )
    await client.query(
      `INSERT INTO access_counts (day, actor, task, requests)
       VALUES ($1, 'former@example.com', '다운로드', 1)`,
      [`${lastMonth}-15`],
    )
  } finally {
    await client.end()
  }
}

/** Opens the lead named `name` from the list, as staff find it by its name. */
async function openLead(page: Page, viewport: ViewportName, name: string, receipt: string) {
  await page.getByRole('button', {name: '문의 목록'}).click()
  const fold = page.getByRole('button', {name: /^검색 조건/})
  if (viewport === 'narrow' && (await fold.getAttribute('aria-expanded')) === 'false')
    await fold.click()
  await page.locator('#lead-filter-q').fill(name)
  await page.getByRole('button', {name: '조회'}).click()
  await page.getByRole('button', {name: `${name} (${receipt}) 열기`}).click()
  await page.getByRole('heading', {name: `${name} · ${receipt}`}).waitFor()
}

/**
 * The record's row of this page's opening of the lead (the panel also reads the lead's owner,
 * another row), looked for page by page.
 */
async function rowOf(page: Page, receipt: string) {
  const row = page
    .locator('.access-log-table tbody tr', {hasText: receipt})
    .filter({has: page.getByText('조회 · 문의 상세')})
  for (let more = 0; more < 5 && (await row.count()) === 0; more++) {
    const button = page.getByRole('button', {name: '더 보기'})
    if ((await button.count()) === 0) break
    await button.click()
    await page.locator('.access-log-table').waitFor()
  }
  return row.first()
}

describe('접속기록 점검', () => {
  beforeAll(recordLastMonth)

  // Two screens walk the view one after the other.
  it(
    'an administrator sees who read which lead, what deserves a look, and marks last month reviewed',
    {timeout: 180_000},
    async () => {
      const name = uniqueName('점검')
      const answer = await postRegistration({name, phone: uniquePhone()})
      expect(answer.status).toBe(201)
      const {receipt} = (await answer.json()) as {receipt: string}

      const pages: Array<[ViewportName, TestPage]> = [
        ['desktop', await openPage('desktop')],
        ['narrow', await openPage('narrow')],
      ]
      for (const [viewport, page] of pages) {
        await page.goto(`${inject('baseUrl')}/admin/leads`)
        await signInOnPage(page)
        // The dashboard reminds while last month waits for its review.
        const reminder = page.getByRole('region', {name: '접속기록 점검 알림'})
        await reminder.getByText(`${lastMonthLabel} 접속기록을 아직 점검하지 않았습니다.`).waitFor()
        await keepScreenshot(page, `access-reminder-${viewport}`, {fullPage: false})
      }

      for (const [viewport, page] of pages) {
        await openLead(page, viewport, name, receipt)
        await page.getByRole('button', {name: '닫기'}).click()

        // The review opens on last month: its download and the reason given for it.
        await page.getByRole('button', {name: '접속기록 점검', exact: true}).click()
        await page.getByRole('heading', {name: `${lastMonthLabel} 점검 기록`}).waitFor()
        const downloads = page.getByRole('region', {name: /^다운로드 \d+건$/})
        expect(await downloads.getByRole('listitem').textContent()).toContain(
          `former@example.com · 192.0.2.10 · 320건 · 사유: ${REASON}`,
        )
        await keepScreenshot(page, `access-review-last-month-${viewport}`)

        // This month, this person, 조회: the read of the lead, with its task and screen.
        await page.getByLabel('월', {exact: true}).fill(thisMonth)
        await page.getByRole('button', {name: '조회'}).click()
        await page.getByRole('heading', {name: `${label(thisMonth)} 점검 기록`}).waitFor()
        await page.getByLabel('직원', {exact: true}).selectOption(admin)
        await page.getByLabel('작업', {exact: true}).selectOption('조회')
        await page.getByRole('button', {name: '조회'}).click()
        await page
          .getByRole('heading', {name: `${label(thisMonth)} 접속기록 · ${admin} · 조회`})
          .waitFor()
        const row = await rowOf(page, receipt)
        expect(await row.locator('td[data-label="작업"]').textContent()).toBe('조회 · 문의 상세')
        expect(await row.locator('td[data-label="직원"]').textContent()).toBe(admin)
        expect(await row.locator('td[data-label="결과"]').textContent()).toBe('처리됨')
        // The account's first address of the record is new to it: flagged.
        const fresh = page.getByRole('region', {name: /^새 접속 주소 \d+건$/})
        expect(await fresh.getByRole('listitem').first().textContent()).toMatch(
          new RegExp(`^${literally(admin)} · \\S+ · `),
        )
        await keepScreenshot(page, `access-review-this-month-${viewport}`)
      }

      // Last month marked reviewed, with a note; the reminder is gone on both screens.
      const [, desktop] = pages[0]!
      await desktop.getByLabel('월', {exact: true}).fill(lastMonth)
      await desktop.getByLabel('직원', {exact: true}).selectOption('')
      await desktop.getByLabel('작업', {exact: true}).selectOption('')
      await desktop.getByRole('button', {name: '조회'}).click()
      await desktop.getByRole('heading', {name: `${lastMonthLabel} 점검 기록`}).waitFor()
      await desktop.getByLabel('점검 내용').fill('다운로드 사유 확인, 이상 없음')
      await desktop.getByRole('button', {name: '점검 완료로 표시'}).click()
      await desktop.getByText(`${lastMonthLabel}을 점검 완료로 표시했습니다.`).waitFor()
      const mark = desktop
        .getByRole('region', {name: `${lastMonthLabel} 점검 기록`})
        .getByRole('listitem')
      expect(await mark.textContent()).toContain(admin)
      expect(await mark.getByText('다운로드 사유 확인, 이상 없음').count()).toBe(1)
      await keepScreenshot(desktop, 'access-review-marked-desktop')
      for (const [viewport, page] of pages) {
        const due = page.waitForResponse((response) =>
          response.url().endsWith('/api/admin/access-review/due'),
        )
        await page.getByRole('button', {name: '대시보드'}).click()
        expect(await (await due).json()).toEqual({ok: true, month: lastMonth, due: false})
        await page.locator('.stats-totals').waitFor()
        expect(await page.getByRole('region', {name: '접속기록 점검 알림'}).count()).toBe(0)
        await keepScreenshot(page, `access-dashboard-reviewed-${viewport}`, {fullPage: false})
        expect(page.consoleErrors).toEqual([])
        await page.context().close()
      }
    },
  )
})
