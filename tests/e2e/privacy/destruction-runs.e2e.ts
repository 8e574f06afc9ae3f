import pg from 'pg'
import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {postRegistration, uniqueName, uniquePhone} from '../leads/leads-page.ts'
import {signInOnPage, staffToken} from '../staff-token.ts'

/*
 * Destruction that can be shown: a registration past its retention and a data page's code
 * spent days ago are destroyed by the daily job (every 20 s on the test stack), and the
 * administrator reads the run on the dashboard, with its counts and nothing about whom.
 */

interface Runs {
  runs: Array<{at: string; destroyed: {leads: number; texts: number; visitorCodes: number}}>
}

const latestRuns = async (): Promise<Runs['runs']> =>
  (
    (await (
      await fetch(`${inject('baseUrl')}/api/admin/destruction-runs`, {
        headers: {authorization: `Bearer ${await staffToken()}`},
      })
    ).json()) as Runs
  ).runs

/**
 * A registration stored, then dated 400 days back: past the 365 days it is kept; and a code
 * its number was texted for the data page two days ago, a day past the day a code is kept.
 */
async function expiredRegistration(): Promise<string> {
  const name = uniqueName('파기')
  const site = inject('defaultSite')
  const phone = uniquePhone()
  expect((await postRegistration({name, phone, site})).status).toBe(201)
  const client = new pg.Client({connectionString: inject('databaseUrl')})
  await client.connect()
  try {
    await client.query(
      `UPDATE leads SET created_at = now() - interval '400 days' WHERE name = $1`,
      [name],
    )
    await client.query(
      `INSERT INTO visitor_codes (site, phone, purpose, via, code_hash, created_at, expires_at)
       VALUES ($1, $2, 'sign-in', 'form', 'spent', now() - interval '2 days',
         now() - interval '2 days' + interval '5 minutes')`,
      [site, phone],
    )
  } finally {
    await client.end()
  }
  return name
}

describe.each(['desktop', 'narrow'] as const)('the destruction record (%s)', (viewport) => {
  it('shows the administrator each run of the retention job and what it destroyed', async () => {
    const since = new Date().toISOString()
    const name = viewport === 'desktop' ? await expiredRegistration() : null
    // On a desktop, the run after the registration destroyed it (with its text and the spent
    // code); a phone reads the runs there are.
    await expect
      .poll(
        async () =>
          (await latestRuns()).some(
            (run) =>
              name === null ||
              (run.at > since &&
                run.destroyed.leads >= 1 &&
                run.destroyed.texts >= 1 &&
                run.destroyed.visitorCodes >= 1),
          ),
        {timeout: 60_000, interval: 2000},
      )
      .toBe(true)

    const page = await openPage(viewport)
    await page.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(page)
    const record = page.getByRole('region', {name: '개인정보 파기 기록'})
    const table = record.getByRole('region', {name: '파기 실행 기록'})
    await table.getByRole('row').nth(1).waitFor()
    expect(await record.innerText()).toContain('접수일로부터 365일이 지난 등록')
    const columns = await table.getByRole('columnheader').allTextContents()
    expect(columns).toEqual([
      '실행 일시',
      '대상 접수일',
      '등록',
      '방문 예약',
      '문자',
      '상담 메모',
      '전달 기록',
      '대기 신청',
      '로그인 세션',
      '요청 제한 기록',
      '접근 기록',
      '직원 초대·재설정 링크',
      '직원 권한 변경 기록',
      '인증번호',
      '내 정보 요청 기록',
    ])
    if (name) {
      expect(await page.getByText(name).count()).toBe(0)
      await expect
        .poll(() =>
          table
            .getByRole('row')
            .filter({has: page.locator('td[data-label="등록"]', {hasNotText: /^0건$/})})
            .count(),
        )
        .toBeGreaterThan(0)
    }
    // A phone reads each run as a card: its counts two by two, each beside its kind's name.
    const first = table.locator('tbody tr').first()
    expect(await first.evaluate((row) => getComputedStyle(row).display)).toBe(
      viewport === 'narrow' ? 'grid' : 'table-row',
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport === 'narrow' ? 390 : 1440,
    )
    await record.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `destruction-runs-${viewport}`, {fullPage: false})
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})
