import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {signInOnPage} from '../staff-token.ts'
import {postRegistration, uniqueName, uniquePhone} from './leads-page.ts'

/*
 * 운영 상태 on a desk and on a phone: the scheduled jobs the stack runs (every 2 s, the daily
 * ones every 20 s) with their last run, the texts and forwarding of the last day, the sites
 * and the database, each section with the time it was read.
 */
describe('운영 상태', () => {
  for (const viewport of ['desktop', 'narrow'] as ViewportName[])
    it(
      `an administrator reads the machinery's health (${viewport})`,
      {timeout: 120_000},
      async () => {
        expect(
          (await postRegistration({name: uniqueName('운영'), phone: uniquePhone()})).status,
        ).toBe(201)
        const page = await openPage(viewport)
        await page.goto(`${inject('baseUrl')}/admin/leads`)
        await signInOnPage(page)
        await page.getByRole('button', {name: '운영 상태', exact: true}).click()
        await page.getByRole('heading', {name: '운영 상태', level: 2}).waitFor()

        const jobs = page.getByRole('region', {name: '예약 작업', exact: true})
        const row = (label: string) => jobs.getByRole('row').filter({hasText: label})
        // Every job of the stack has run at least once, and none is late.
        await expect
          .poll(
            async () => {
              await page.getByRole('button', {name: '새로 고침'}).click()
              await page.getByRole('button', {name: '새로 고침'}).waitFor()
              return jobs.getByText('실행 기록 없음').count()
            },
            {timeout: 60_000, interval: 2000},
          )
          .toBe(0)
        for (const label of [
          '문자 발송',
          '문의 전달 재시도',
          '노쇼 기록',
          '보관 기간 지난 개인정보 파기',
        ])
          expect(await row(label).locator('.health-state').textContent()).toBe('정상')
        expect(await row('문자 발송').textContent()).toContain('매분')
        expect(await row('문자 발송').textContent()).toMatch(/\d+\.\d초|\d+초/)
        expect(await jobs.getByText('늦어짐').count()).toBe(0)
        // What each run did, in Korean: its counts, or nothing to do.
        expect(await row('노쇼 기록').locator('.health-did').textContent()).toMatch(
          /^(할 일 없음|노쇼 기록 \d+.*)$/,
        )

        // The registration's acknowledgement, kept by the local provider: a text of the day.
        const texts = page.getByRole('region', {name: '문자 (최근 24시간)'})
        await texts.getByText(/기준$/).waitFor()
        expect(await texts.getByText('보내지 않고 보관 (개발용)').count()).toBe(1)
        const database = page.getByRole('region', {name: '데이터베이스'})
        expect(await database.locator('dd').first().textContent()).toMatch(
          /^\d+(\.\d)? (KB|MB|GB)$/,
        )
        expect(
          await page.getByRole('region', {name: '현장별 현황'}).getByRole('row').count(),
        ).toBeGreaterThan(1)
        await keepScreenshot(page, `operations-health-${viewport}`)
        await page.context().close()
      },
    )
})
