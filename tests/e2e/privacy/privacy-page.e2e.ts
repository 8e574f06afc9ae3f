import {describe, expect, it} from 'vitest'
import {keepScreenshot, openPage} from '../browser.ts'
import {openHydrated} from '../leads/leads-page.ts'

/*
 * The privacy page's structured parts as a visitor reads them: every kind of data with its
 * retention, the processors and what goes abroad, and each right with the way to use it on
 * the web. A phone stacks each table's rows into cards, none wider than the screen.
 */

describe.each(['desktop', 'narrow'] as const)('the privacy page (%s)', (viewport) => {
  it('tells what is kept how long, who processes it where, and how to use each right', async () => {
    const page = await openPage(viewport)
    await openHydrated(page, '/privacy')

    const retention = page.getByRole('table', {name: '자료별 보유 기간'})
    expect(await retention.getByRole('rowheader').allTextContents()).toEqual([
      '등록 정보',
      '방문 예약',
      '문자 발송 기록',
      '동의 기록',
      '광고 문자 수신거부 기록',
      '접근 기록',
      '내 정보 확인·삭제 요청 기록',
      '본인 확인 인증번호',
    ])
    const abroad = page.getByRole('table', {name: '개인정보의 국외 이전'})
    const netlify = abroad.getByRole('row').filter({hasText: 'Netlify, Inc.'})
    await expect.poll(() => netlify.innerText()).toContain('AWS us-east-2')
    expect(await netlify.innerText()).toContain('암호화된 통신(HTTPS)으로 전송')
    expect(await abroad.getByRole('row').filter({hasText: 'SOLAPI'}).count()).toBe(0)
    await page.getByText(/개인정보를 맡기지 않는 곳: Sanity AS/).waitFor()

    const rights = page.getByRole('region', {name: '정보주체의 권리와 행사 방법'})
    expect(await rights.getByRole('term').allTextContents()).toEqual([
      '열람',
      '정정·삭제',
      '처리정지',
      '동의 철회',
    ])
    const links = rights.getByRole('link', {name: '내 정보 확인·삭제 바로 가기'})
    expect(await links.count()).toBe(4)
    expect(await links.first().getAttribute('href')).toBe('#my-info')
    // The revision the consents name stays at the page's end.
    await page.getByText('시행일: 2025년 3월 1일').waitFor()

    // Nothing is wider than the screen, and the retention's rows are cards on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport === 'narrow' ? 390 : 1440,
    )
    const display = await retention
      .locator('tbody tr')
      .first()
      .evaluate((row) => getComputedStyle(row).display)
    expect(display).toBe(viewport === 'narrow' ? 'block' : 'table-row')

    await rights.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `privacy-page-${viewport}`)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})
