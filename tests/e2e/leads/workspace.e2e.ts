import type {Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {lakeWriter as lake} from '../lake-writer.ts'
import {untilSiteRebuilt} from '../site-rebuilds.ts'
import {postRegistration, uniqueName} from './leads-page.ts'
import {staffToken, signInOnPage} from '../staff-token.ts'

/*
 * The staff workspace: sign in, see the dashboard, open a lead and move it along its pipeline, on a
 * desktop and a phone. E2E_SCREENSHOTS names a folder to keep what the screens looked like.
 */

/** The counsellor on duty, texted each new lead of both seed sites (신규 문의 알림). */
const STAFF_PHONE = '010-7000-0440'
const SITES = ['site-ulsan-lakepark', 'site-yangsan-riverpark']
const baseUrl = inject('baseUrl')

/**
 * Waits until the register function reads the new list (each warm instance keeps the lake's
 * content for TEXT_CONTENT_TTL_S, 2 s in the test stack): leads of the other site, whose
 * alert is a text of its own, until one is alerted.
 */
async function untilStaffListRead(): Promise<void> {
  const accessToken = await staffToken()
  for (let probe = 0; probe < 20; probe++) {
    await registerLead(uniqueName('알림확인'), '010-5555-0459', 'yangsan-riverpark')
    const answer = await fetch(`${baseUrl}/api/admin/messages?to=${STAFF_PHONE}`, {
      headers: {authorization: `Bearer ${accessToken}`},
    })
    const {items} = (await answer.json()) as {items: {kind: string}[]}
    if (items.some((item) => item.kind === 'staff-alert')) return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error('the register function never read the staff phones')
}

beforeAll(async () => {
  for (const site of SITES)
    await lake
      .patch(site)
      .set({staffAlertPhones: [STAFF_PHONE]})
      .commit()
  await untilStaffListRead()
}, 120_000)
afterAll(async () => {
  for (const site of SITES) await lake.patch(site).unset(['staffAlertPhones']).commit()
  await untilSiteRebuilt()
}, 200_000)

async function registerLead(name: string, phone: string, site?: string): Promise<string> {
  const response = await postRegistration({name, phone, site})
  expect(response.status).toBe(201)
  return ((await response.json()) as {receipt: string}).receipt
}

async function outboxShowsAlert(page: Page, phone: string, name: string) {
  await page.getByRole('button', {name: '문자 발송함'}).click()
  await page.getByLabel('받는 번호').fill(STAFF_PHONE)
  await page.getByRole('button', {name: '조회'}).click()
  // Until the filtered list is in, the list holds every text, the lead's own among them.
  const texts = page.locator('.outbox-list li')
  const alert = texts.filter({hasText: phone}).filter({hasText: '직원 알림'}).first()
  await alert.waitFor()
  await expect.poll(() => texts.filter({hasNotText: STAFF_PHONE}).count()).toBe(0)
  expect(await alert.textContent()).toContain(`${phone} · 관심고객 등록`)
  expect(await alert.textContent()).not.toContain(name)
  await keepScreenshot(page, 'outbox')
}

describe('staff workspace /admin/leads', () => {
  it.each(['desktop', 'narrow'] as ViewportName[])(
    'signs in, opens a lead and changes its stage and note (%s)',
    async (viewport) => {
      const name = uniqueName('작업공간')
      const phone = viewport === 'desktop' ? '010-5555-0450' : '010-5555-0451'
      const first = await registerLead(name, phone)
      const receipt = await registerLead(name, phone)
      const page = await openPage(viewport)
      await page.goto(`${inject('baseUrl')}/admin/leads`)
      // The workspace has its own frame: none of the marketing site's.
      expect(await page.locator('.site-header, .site-footer, .mobile-bar').count()).toBe(0)
      await signInOnPage(page)

      // The first screen is the dashboard: today's registrations are counted, each figure has
      // its table (and CSV), the chart is drawn.
      await page.locator('.stats-totals').waitFor()
      expect(await page.locator('.stats-totals').textContent()).toMatch(/등록 \d+건/)
      await page.getByRole('table', {name: '일별 등록'}).waitFor()
      await page.getByRole('button', {name: '진행 단계 전환 CSV'}).waitFor()
      // Each figure with numbers is drawn: days as a line, the funnel and entry points as bars.
      for (const caption of ['일별 등록', '진행 단계 전환', '경로별']) {
        await page
          .getByRole('img', {name: `${caption} 그래프 (숫자는 아래 표)`})
          .locator('canvas')
          .first()
          .waitFor()
      }
      // The legend's Korean labels are set in the page's font, not uPlot's system-ui.
      expect(
        await page
          .locator('.stats-chart .u-legend')
          .first()
          .evaluate((el) => getComputedStyle(el).fontFamily),
      ).toMatch(/^"?Pretendard/)
      await keepScreenshot(page, `dashboard-${viewport}`)
      await page.getByRole('button', {name: '문의 목록'}).click()

      // A desktop lists the leads as a table, a phone as a card each.
      const open = page.getByRole('button', {name: `${name} (${receipt}) 열기`})
      const row = page.locator(viewport === 'desktop' ? '.leads-table tbody tr' : '.lead-card', {
        has: open,
      })
      await row.waitFor()
      expect(await row.textContent()).toContain('신규')
      if (viewport === 'desktop') {
        // The same phone twice on one site: one person, registered again.
        expect(await row.textContent()).toContain('재등록 1회')
        // Sites by their names, not their path segments.
        expect(await row.locator('td[data-label="현장"]').textContent()).not.toMatch(/^[a-z-]+$/)
      }
      await keepScreenshot(page, `list-${viewport}`)

      await open.click()
      const detail = page.locator('.lead-detail')
      await detail.getByRole('heading', {name: `${name} · ${receipt}`}).waitFor()
      expect(await detail.textContent()).toContain(phone)
      expect(await detail.textContent()).toContain(first)
      await detail.getByLabel('상태', {exact: true}).selectOption('contacted')
      await detail.getByLabel('메모 추가').fill('오후 3시에 다시 통화하기로 함')
      await detail.getByRole('button', {name: '저장'}).click()
      await detail.getByText('저장했습니다.').waitFor()
      expect(await detail.locator('.lead-history').first().textContent()).toContain(
        '상태 신규 → 연락완료',
      )
      expect(await detail.textContent()).toContain('오후 3시에 다시 통화하기로 함')
      expect(await row.textContent()).toContain('연락완료')
      await keepScreenshot(page, `lead-${viewport}`)

      // The list's stage filter finds it; another stage does not. (A phone folds the filters
      // behind one control, and again once they are applied.)
      const filterBy = async (stage: string) => {
        if (viewport === 'narrow') await page.getByRole('button', {name: /^검색 조건/}).click()
        await page.locator('#lead-filter-stage').selectOption(stage)
        await page.getByRole('button', {name: '조회'}).click()
      }
      await filterBy('contacted')
      await row.waitFor()
      await filterBy('contracted')
      await page.locator('.leads-empty, .leads-list').first().waitFor()
      await expect.poll(() => row.count()).toBe(0)

      // The counsellor on duty was texted: the alert waits in 문자 발송함 for its 5 minutes.
      // (Later leads of the window fold into the same text, counted rather than spelled out:
      // the first viewport's leads are the ones it shows.)
      if (viewport === 'desktop') await outboxShowsAlert(page, phone, name)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
    // A walk of four screens on a shared two-core machine.
    180_000,
  )
})
