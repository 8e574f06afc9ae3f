import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {launchBrowser, openPage} from '../browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A lead made through the endpoint, as a form would send it. */
async function registerLead(name: string): Promise<string> {
  const response = await fetch(`${inject('baseUrl')}/api/register`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()},
    body: JSON.stringify({name, phone: '010-5555-0440', consent: true, source: 'customer', fillMs: 10_000}),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as {receipt: string}).receipt
}

/** Waits until the list for the filters on screen has arrived (rows or the empty message). */
async function listLoaded(page: Page) {
  await page.waitForFunction(() => document.querySelector('.leads-loading') === null && document.querySelector('.leads-table, .leads-empty'))
}

describe('staff view /admin/leads', () => {
  it('asks for a sign-in, then lists the newest lead first, filters and downloads a CSV', async () => {
    const name = `관리자확인${Date.now() % 100000}`
    const receipt = await registerLead(name)
    const page = await openPage(browser, 'desktop', {acceptDownloads: true})
    const response = await page.goto(`${inject('baseUrl')}/admin/leads`)
    expect(await response?.text()).toContain('<meta name="robots" content="noindex, nofollow"/>')
    await page.getByLabel('이메일').fill(inject('adminEmail'))
    await page.getByLabel('비밀번호').fill(inject('adminPassword'))
    await page.getByRole('button', {name: '로그인'}).click()

    const firstRow = page.locator('.leads-table tbody tr').first()
    await firstRow.waitFor()
    expect(await firstRow.textContent()).toContain(receipt)
    expect(await firstRow.textContent()).toContain(name)
    expect(await firstRow.textContent()).toContain('010-5555-0440')

    await page.getByLabel('전달 상태').selectOption('failed')
    await page.getByRole('button', {name: '조회'}).click()
    await listLoaded(page)
    expect(await page.locator('main').textContent()).not.toContain(receipt)

    await page.getByRole('button', {name: '스팸으로 분류된 문의'}).click()
    await listLoaded(page)
    expect(await page.locator('main').textContent()).not.toContain(receipt)

    await page.getByRole('button', {name: '접수된 문의'}).click()
    await firstRow.waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'CSV 내려받기'}).click()])
    expect(download.suggestedFilename()).toMatch(/^leads-\d{8}\.csv$/)
    const path = await download.path()
    const {readFile} = await import('node:fs/promises')
    const csv = await readFile(path, 'utf8')
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    expect(csv).toContain(receipt)
    await page.context().close()
  })
})
