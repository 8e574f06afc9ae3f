import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {Page} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {openPage, type ViewportName} from '../browser.ts'
import {
  letFillTimePass,
  openHydrated,
  postRegistration,
  shownReceipt,
  uniqueName,
} from './leads-page.ts'
import {signInOnPage} from '../staff-token.ts'
import {exportLeads} from './export-dialog.ts'

const site = inject('defaultSite')

/** A lead made through the endpoint, as a form would send it. */
async function registerLead(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await postRegistration({name, phone: '010-5555-0440', ...extra})
  expect(response.status).toBe(201)
  return ((await response.json()) as {receipt: string}).receipt
}

/** Waits until the list for the filters on screen has arrived (rows or the empty message). */
async function listLoaded(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.leads-loading') === null &&
      document.querySelector('.leads-table, .leads-empty'),
  )
}

async function signedInStaffPage(viewport: ViewportName, options = {}) {
  const page = await openPage(viewport, options)
  const response = await page.goto(`${inject('baseUrl')}/admin/leads`)
  expect(await response?.text()).toContain('<meta name="robots" content="noindex, nofollow"/>')
  await signInOnPage(page)
  // The dashboard is the first screen; the leads are a view away.
  await page.getByRole('button', {name: '문의 목록'}).click()
  await listLoaded(page)
  return page
}

async function search(page: Page, fields: {q?: string; campaign?: string}) {
  // On a phone the filters are folded behind one control.
  const fold = page.getByRole('button', {name: /^검색 조건/})
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) === 'false')
    await fold.click()
  if (fields.q !== undefined) await page.getByLabel('이름·연락처').fill(fields.q)
  if (fields.campaign !== undefined) await page.getByLabel('캠페인').fill(fields.campaign)
  await page.getByRole('button', {name: '조회'}).click()
  await listLoaded(page)
}

/**
 * Kept for a look at the screen when E2E_SCREENSHOTS names a folder: the whole page, and the screen
 * at the list.
 */
async function screenshot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  await page.screenshot({path: join(folder, `${name}.png`), fullPage: true})
  await page.locator('.leads-list').scrollIntoViewIfNeeded()
  await page.screenshot({path: join(folder, `${name}-screen.png`)})
}

describe('staff view /admin/leads', () => {
  it(
    'asks for a sign-in, then lists the newest ' + 'lead first, filters and downloads a CSV',
    async () => {
      const earlier = await registerLead(uniqueName('관리자먼저'))
      const name = uniqueName('관리자확인')
      const receipt = await registerLead(name)
      const page = await signedInStaffPage('desktop', {acceptDownloads: true})
      const rows = page.locator('.leads-table tbody tr')
      const firstRow = rows.first()
      await firstRow.waitFor()
      // The files beside this one register too: their leads may come between these two, and
      // above, but the later of the two stands above the earlier.
      const shown = await rows.allTextContents()
      const ours = shown.findIndex((text) => text.includes(receipt))
      expect(ours).toBeGreaterThanOrEqual(0)
      expect(shown.findIndex((text) => text.includes(earlier))).toBeGreaterThan(ours)
      expect(shown[ours]).toContain(name)
      expect(shown[ours]).toContain('010-5555-0440')

      await page.getByLabel('전달 상태').selectOption('failed')
      await page.getByRole('button', {name: '조회'}).click()
      await listLoaded(page)
      expect(await page.locator('main').textContent()).not.toContain(receipt)

      await page.getByRole('button', {name: '스팸으로 분류된 문의'}).click()
      await listLoaded(page)
      expect(await page.locator('main').textContent()).not.toContain(receipt)

      await page.getByRole('button', {name: '접수된 문의'}).click()
      await firstRow.waitFor()
      const download = await exportLeads(page, {
        reason: '문의 전달 점검',
        columns: ['접수번호', '이름'],
        format: 'csv',
      })
      expect(download.suggestedFilename()).toMatch(/^문의목록-\d{8}\.csv$/)
      const csv = await readFile(await download.path(), 'utf8')
      expect(csv.charCodeAt(0)).toBe(0xfeff)
      expect(csv).toContain(`${receipt},${name}\r\n`)
      await page.context().close()
    },
  )

  it(
    'shows where a visitor came from, filters by campaign ' +
      'and search, and exports it (desktop and narrow)',
    async () => {
      // A visitor arrives from a search advertisement on the home page, reads on, and registers.
      const campaign = uniqueName('가을분양_')
      const visitor = await openPage('narrow')
      await visitor.goto(
        `${inject('baseUrl')}/?utm_source=naver&utm_medium=cpc&utm_campaign=` +
          `${encodeURIComponent(campaign)}&utm_term=84A`,
        {
          referer: 'https://search.naver.com/search.naver?query=%EC%95%84%ED%8C%8C%ED%8A%B8',
        },
      )
      await visitor.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
      await openHydrated(visitor, `/${site}/customer`)
      const form = visitor.locator('.customer-form form')
      const name = uniqueName('유입확인')
      await form.getByLabel('이름').fill(name)
      await form.getByLabel('연락처').pressSequentially('01055550441')
      await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
      await letFillTimePass(visitor)
      await form.getByRole('button', {name: '등록하기'}).click()
      const receipt = await shownReceipt(visitor, form)
      await visitor.context().close()

      for (const viewport of ['desktop', 'narrow'] as const) {
        const page = await signedInStaffPage(viewport, {acceptDownloads: true})
        expect(
          await page
            .locator('#lead-campaigns option')
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
        ).toContain(campaign)
        await search(page, {campaign})
        const rows = page.locator('.leads-table tbody tr')
        expect(await rows.count()).toBe(1)
        const row = await rows.first().innerText()
        for (const text of [
          receipt,
          name,
          campaign,
          'naver / cpc',
          '84A',
          '첫 페이지',
          '/',
          'search.naver.com',
        ])
          expect(row).toContain(text)
        await screenshot(page, `admin-leads-campaign-${viewport}`)

        await search(page, {campaign: '', q: '0441'})
        expect(await page.locator('.leads-table tbody tr').first().innerText()).toContain(receipt)
        await search(page, {q: name})
        expect(await rows.count()).toBe(1)
        await screenshot(page, `admin-leads-search-${viewport}`)

        if (viewport === 'desktop') {
          await search(page, {q: '', campaign})
          const download = await exportLeads(page, {
            reason: '통계·보고',
            columns: [
              '유입 매체(utm_source)',
              '유입 방식(utm_medium)',
              '캠페인(utm_campaign)',
              '키워드(utm_term)',
              '광고 소재(utm_content)',
              '첫 방문 페이지',
              '이전 사이트',
            ],
            format: 'csv',
          })
          const csv = await readFile(await download.path(), 'utf8')
          expect(csv).toContain('캠페인(utm_campaign)')
          expect(csv).toContain(`naver,cpc,${campaign},84A,,/,search.naver.com`)
          expect(csv.trim().split('\r\n')).toHaveLength(2)
        }
        await page.context().close()
      }
    },
    120_000,
  )

  it('shows what visitors typed literally, and deletes a lead after asking', async () => {
    const name = `'); DROP--<b>${Math.random().toString(36).slice(2, 6)}`
    const message = '=HYPERLINK("http://evil","x") <script>alert(1)</script>'
    const receipt = await registerLead(name, {
      message,
      attribution: {utmCampaign: "'; DELETE FROM leads;--"},
    })
    const page = await signedInStaffPage('desktop')
    await search(page, {q: name})
    const row = page.locator('.leads-table tbody tr').first()
    expect(await row.locator('.lead-name').innerText()).toBe(name)
    expect(await row.locator('.lead-message').innerText()).toBe(message)
    expect(await row.locator('.lead-attribution dd').first().innerText()).toBe(
      "'; DELETE FROM leads;--",
    )
    expect(page.consoleErrors).toEqual([])

    page.once('dialog', (dialog) => void dialog.dismiss())
    await row.getByRole('button', {name: `${receipt} 삭제`}).click()
    expect(await page.locator('.leads-table tbody tr').count()).toBe(1)
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(receipt)
      void dialog.accept()
    })
    await row.getByRole('button', {name: `${receipt} 삭제`}).click()
    await page.getByText(`${receipt} 문의를 삭제했습니다.`).waitFor()
    await search(page, {q: name})
    expect(await page.locator('.leads-empty').innerText()).toBe('조건에 맞는 문의가 없습니다.')
    await page.context().close()
  })
})
