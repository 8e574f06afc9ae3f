import {readFile} from 'node:fs/promises'
import pg from 'pg'
import {describe, expect, inject, it} from 'vitest'
import {kstDate} from '#shared/korea-time.ts'
import {csvRecords} from '#tests/helpers/csv-records.ts'
import {zipEntries} from '#tests/helpers/zip-entries.ts'
import {axeViolations} from '../accessibility.ts'
import {keepScreenshot, openPage, type TestPage, type ViewportName} from '../browser.ts'
import {focusMatches, tabUntil, watchFocusWhenGone, focusWhenGoneMatches} from '../keyboard.ts'
import {signInOnPage} from '../staff-token.ts'
import {exportDialog, exportLeads} from './export-dialog.ts'
import {postRegistration, uniqueName, uniquePhone} from './leads-page.ts'

/*
 * Exports with a purpose, as staff make them: a counsellor states why, keeps two columns and
 * types a password, and gets a ZIP that opens with that password only, holding their site's
 * leads and those columns; an administrator takes the plain CSV with a reason. Each file is in
 * the audit log with its reason.
 */

const counsellor = {email: inject('counsellorEmail'), password: inject('counsellorPassword')}
const PASSWORD = 'Lake-view 2026'
const today = () => kstDate(Date.now()).replaceAll('-', '')

/** The leads list of a staff account, searched for `q`. */
async function leadsFor(
  viewport: ViewportName,
  account: Parameters<typeof signInOnPage>[1],
  q: string,
): Promise<TestPage> {
  const page = await openPage(viewport, {acceptDownloads: true})
  await page.goto(`${inject('baseUrl')}/admin/leads`)
  await signInOnPage(page, account)
  await page.getByRole('button', {name: '문의 목록'}).click()
  // On a phone the filters are folded behind one control.
  const fold = page.getByRole('button', {name: /^검색 조건/})
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) === 'false')
    await fold.click()
  await page.getByLabel('이름·연락처').fill(q)
  await page.getByRole('button', {name: '조회'}).click()
  await page.waitForFunction(
    (name) => document.querySelector('.leads-view')?.textContent?.includes(name),
    q,
  )
  return page
}

/** The audit log's export entries of `actor` that carry `reason`. */
async function exportsRecorded(actor: string, reason: string) {
  const client = new pg.Client({connectionString: inject('databaseUrl')})
  await client.connect()
  try {
    const {rows} = await client.query<{detail: Record<string, unknown>}>(
      `SELECT detail FROM audit_log
       WHERE action = 'export' AND actor = $1 AND detail->>'reason' = $2 ORDER BY id`,
      [actor, reason],
    )
    return rows.map((row) => row.detail)
  } finally {
    await client.end()
  }
}

describe.each(['desktop', 'narrow'] as const)('exports with a purpose (%s)', (viewport) => {
  it('gives a counsellor an encrypted ZIP of two columns and an administrator a plain CSV, each with its purpose', async () => {
    const base = uniqueName(`내보내기${viewport === 'desktop' ? '데스크' : '폰'}`)
    const ours = {name: `${base}가`, phone: uniquePhone()}
    // A lead of the seed's other site, which the counsellor may not see.
    for (const [lead, site] of [
      [ours, inject('counsellorSite')],
      [{name: `${base}나`, phone: uniquePhone()}, inject('defaultSite')],
    ] as const) {
      const registered = await postRegistration({...lead, site})
      expect(registered.status).toBe(201)
    }

    const page = await leadsFor(viewport, counsellor, base)
    const opener = page.getByRole('button', {name: '목록 내려받기'})
    await opener.click()
    const dialog = exportDialog(page)
    await dialog.waitFor()
    // A modal dialog: Tab cycles among its controls, Escape closes it and the focus comes back.
    for (let press = 0; press < 40; press++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(
        () =>
          document.activeElement === document.body || !!document.activeElement?.closest('dialog'),
      )
      expect(inside, `Tab ${press + 1} left the dialog`).toBe(true)
    }
    await tabUntil(page, '.leads-export-dialog input[type="radio"]')
    await watchFocusWhenGone(page, '.leads-export-dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({state: 'detached'})
    expect(await focusWhenGoneMatches(page, '.leads-actions button')).toBe(true)

    // Nothing chosen: the dialog says what is missing and sends nothing.
    await opener.click()
    expect(await dialog.getByRole('radio', {name: /CSV/}).count()).toBe(0)
    await dialog.getByRole('button', {name: 'ZIP 파일 내려받기'}).click()
    await dialog.getByText('내려받는 목적을 고르거나 입력해 주세요.').waitFor()
    expect(await focusMatches(page, '.leads-export-dialog input[type="radio"]')).toBe(true)
    // The dialog with its messages, as axe-core judges it.
    const violations = (await axeViolations(page)).map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
    )
    expect(violations).toEqual([])
    // A purpose ticks the columns its task needs.
    await dialog.getByRole('radio', {name: '방문 상담 준비'}).check()
    expect(await dialog.getByRole('checkbox', {name: '방문 예약 일시'}).isChecked()).toBe(true)
    await keepScreenshot(page, `export-dialog-${viewport}`, {fullPage: false})
    await dialog.getByLabel('파일 암호 확인').scrollIntoViewIfNeeded()
    await keepScreenshot(page, `export-dialog-password-${viewport}`, {fullPage: false})
    await dialog.getByRole('button', {name: '취소'}).click()
    expect(await focusMatches(page, '.leads-actions button')).toBe(true)

    const zipped = await exportLeads(page, {
      reason: '방문 상담 준비',
      columns: ['이름', '연락처'],
      format: 'zip',
      password: PASSWORD,
    })
    expect(zipped.suggestedFilename()).toBe(`문의목록-${today()}.zip`)
    const notice = page.locator('.leads-view > .leads-notice')
    await expect.poll(() => notice.textContent()).toContain('파일을 내려받았습니다.')
    expect(await focusMatches(page, '.leads-actions button')).toBe(true)
    await keepScreenshot(page, `export-done-${viewport}`, {fullPage: false})

    const bytes = new Uint8Array(await readFile(await zipped.path()))
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
    await expect(zipEntries(bytes)).rejects.toThrow()
    await expect(zipEntries(bytes, 'Lake-view 2025')).rejects.toThrow()
    const [entry, ...others] = await zipEntries(bytes, PASSWORD)
    expect(others).toEqual([])
    expect(entry).toMatchObject({name: `문의목록-${today()}.csv`, encrypted: true})
    expect(entry!.text.startsWith('\uFEFF이름,연락처\r\n')).toBe(true)
    expect(csvRecords(entry!.text)).toEqual([{이름: ours.name, 연락처: `="${ours.phone}"`}])
    expect(await exportsRecorded(counsellor.email, '방문 상담 준비')).toContainEqual({
      q: base,
      reason: '방문 상담 준비',
      columns: ['name', 'phone'],
      format: 'zip',
      count: 1,
    })
    expect(page.consoleErrors).toEqual([])
    await page.context().close()

    // An administrator sees both sites' leads and may take them as a plain CSV.
    const reason = `월간 보고 자료 ${viewport}`
    const admin = await leadsFor(viewport, undefined, base)
    const plain = await exportLeads(admin, {reason, columns: ['이름', '현장'], format: 'csv'})
    expect(plain.suggestedFilename()).toBe(`문의목록-${today()}.csv`)
    const records = csvRecords(await readFile(await plain.path(), 'utf8'))
    expect(records.map((record) => Object.keys(record))).toEqual([
      ['현장', '이름'],
      ['현장', '이름'],
    ])
    expect(records.map((record) => record['이름']).sort()).toEqual([`${base}가`, `${base}나`])
    expect(await exportsRecorded(inject('adminEmail'), reason)).toEqual([
      {q: base, reason, columns: ['site', 'name'], format: 'csv', count: 2},
    ])
    await admin.context().close()
  }, 120_000)
})
