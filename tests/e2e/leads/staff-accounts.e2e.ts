import type {Request} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {PASSWORD_MESSAGES} from '#shared/auth/password-rule.ts'
import {totpCode} from '#shared/auth/totp.ts'
import {keepScreenshot, openPage, type TestPage} from '../browser.ts'
import {postRegistration, uniqueName, uniquePhone} from './leads-page.ts'
import {signInOnPage} from '../staff-token.ts'

/*
 * 직원 관리 as an agency runs it: an administrator invites a counsellor for one site, the
 * counsellor sets a password through the link (a common one refused first), signs in and sees
 * that site only; disabled, their next action signs them out. Then a sign-in nobody works in:
 * the warning a minute before, 로그인 유지, and the sign-out at the limit, with the page's
 * clock moved on rather than waited out.
 */

const base = inject('baseUrl')
/** The seed's second site; the stack's other tests book the default one. */
const SITE = {slug: 'yangsan-riverpark', name: '솔담 리버파크'}
const OTHER_SITE = 'ulsan-lakepark'
const PASSWORD = '리버파크-상담-2026-봄'

/** What Chromium logs for a refused request the page expects and shows. */
const refusedRequest = (error: string) => /status of 4(00|01)/.test(error)

async function signInAs(page: TestPage, email: string, password: string) {
  await page.getByLabel('이메일').fill(email)
  await page.getByLabel('비밀번호').fill(password)
  await page.getByRole('button', {name: '로그인'}).click()
}

describe.each(['desktop', 'narrow'] as const)('staff accounts (%s)', (viewport) => {
  it('invites a counsellor for one site, who sets a password and sees that site; disabled, they are signed out', async () => {
    const email = `${uniqueName('counsellor-').toLowerCase()}-${viewport}@example.com`
    const admin = await openPage(viewport)
    admin.on('dialog', (dialog) => void dialog.accept())
    await admin.goto(`${base}/admin/leads`)
    await signInOnPage(admin)
    await admin.getByRole('button', {name: '직원 관리'}).click()
    await admin.getByRole('heading', {name: '직원 관리'}).waitFor()

    // The invitation: e-mail, role and one site; the link is shown once, to copy and send.
    await admin.getByLabel('이메일').fill(email)
    await admin.getByRole('radio', {name: '상담 직원'}).check()
    await admin.getByRole('checkbox', {name: SITE.name}).check()
    await admin.getByRole('button', {name: '초대 링크 만들기'}).click()
    const linkBox = admin.locator('.staff-link')
    await linkBox.getByRole('heading', {name: '초대 링크'}).waitFor()
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.id))
      .toBe('staff-link-heading')
    const link = await linkBox.getByLabel('링크').inputValue()
    expect(link).toMatch(new RegExp(`^${base}/admin/invite#[\\w-]{43}$`))
    const card = admin.locator('.staff-account', {hasText: email})
    await expect.poll(() => card.textContent()).toContain('초대됨')
    await expect.poll(() => card.textContent()).toContain(`상담 직원 (${SITE.name})`)
    await keepScreenshot(admin, `staff-invited-${viewport}`)

    // The counsellor opens the link in a browser of their own.
    const counsellor = await openPage(viewport)
    await counsellor.goto(link)
    await counsellor.getByRole('heading', {name: '비밀번호 정하기'}).waitFor()
    // The token leaves the address once read.
    expect(new URL(counsellor.url()).hash).toBe('')
    expect(await counsellor.locator('.invite-form').textContent()).toContain(email)
    await counsellor.getByLabel('새 비밀번호', {exact: true}).fill('qwer1234!!')
    await counsellor.getByLabel('새 비밀번호 확인').fill('qwer1234!!')
    await counsellor.getByRole('button', {name: '비밀번호 저장'}).click()
    await counsellor.getByText(PASSWORD_MESSAGES.common).waitFor()
    await keepScreenshot(counsellor, `staff-invite-refused-${viewport}`)
    await counsellor.getByLabel('새 비밀번호', {exact: true}).fill(PASSWORD)
    await counsellor.getByLabel('새 비밀번호 확인').fill(PASSWORD)
    await counsellor.getByRole('button', {name: '비밀번호 저장'}).click()
    await counsellor.getByRole('heading', {name: '비밀번호를 정했습니다'}).waitFor()
    await counsellor.getByRole('link', {name: '로그인하러 가기'}).click()
    await signInAs(counsellor, email, PASSWORD)
    // The first sign-in enrols a second factor before anything else: an authenticator app.
    await counsellor.getByRole('heading', {name: '2단계 인증 등록'}).waitFor()
    await counsellor.getByRole('button', {name: '인증 앱 등록 시작'}).click()
    const key = (await counsellor.locator('.totp-key code').textContent())?.replace(/\s/g, '')
    await counsellor.getByLabel('인증 앱에 보이는 6자리 코드').fill(totpCode(key ?? ''))
    await counsellor.getByRole('button', {name: '인증 앱 등록'}).click()
    await counsellor.getByRole('button', {name: '보관했습니다'}).click()

    // Their site only: its leads, its name in the pickers, and no 직원 관리.
    const prefix = uniqueName('현장')
    for (const site of [SITE.slug, OTHER_SITE]) {
      const answer = await postRegistration({name: `${prefix}${site}`, phone: uniquePhone(), site})
      expect(answer.status).toBe(201)
    }
    await counsellor.getByRole('button', {name: '문의 목록'}).click()
    expect(await counsellor.getByRole('button', {name: '직원 관리'}).count()).toBe(0)
    const fold = counsellor.getByRole('button', {name: /^검색 조건/})
    if (viewport === 'narrow') await fold.click()
    expect(await counsellor.locator('#lead-filter-site option').allTextContents()).toEqual([
      '전체',
      SITE.name,
    ])
    await counsellor.locator('#lead-filter-q').fill(prefix)
    await counsellor.getByRole('button', {name: '조회'}).click()
    const entries = viewport === 'desktop' ? '.leads-table tbody tr' : '.lead-card'
    await counsellor
      .locator(entries, {hasText: `${prefix}${SITE.slug}`})
      .first()
      .waitFor()
    expect(await counsellor.locator(entries).count()).toBe(1)
    await keepScreenshot(counsellor, `staff-counsellor-${viewport}`)

    // Disabled by the administrator: every sign-in of the account ends at once.
    await admin.getByRole('button', {name: '닫기'}).click()
    await card.getByRole('button', {name: '사용 중지'}).click()
    await admin.getByText(`${email} 계정을 사용 중지했습니다. 모든 로그인이 끝났습니다.`).waitFor()
    await expect.poll(() => card.textContent()).toContain('사용 중지')
    await expect
      .poll(() => admin.locator('.staff-changes').textContent())
      .toContain(`${email} 사용 중지: 상담 직원 (${SITE.name})`)
    await keepScreenshot(admin, `staff-disabled-${viewport}`)

    // The counsellor's next action signs them out, and says why.
    await counsellor.getByRole('button', {name: '방문 일정'}).click()
    await counsellor.getByText('사용이 중지된 계정입니다. 관리자에게 문의해 주세요.').waitFor()
    await counsellor.getByRole('button', {name: '로그인'}).waitFor()
    await keepScreenshot(counsellor, `staff-signed-out-${viewport}`)
    await signInAs(counsellor, email, PASSWORD)
    await counsellor.getByText(/로그인 실패/).waitFor()

    expect(admin.consoleErrors).toEqual([])
    expect(counsellor.consoleErrors.filter((error) => !refusedRequest(error))).toEqual([])
    await admin.context().close()
    await counsellor.context().close()
  })

  it('warns a minute before signing out a sign-in nobody works in, and signs out at the limit', async () => {
    const page = await openPage(viewport)
    await page.clock.install()
    const refreshes: Request[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/refresh') refreshes.push(request)
    })
    await page.goto(`${base}/admin/leads`)
    await signInOnPage(page)
    await page.getByRole('button', {name: '대시보드'}).waitFor()
    const dialog = page.getByRole('dialog', {name: '곧 로그아웃됩니다'})

    // 29 minutes without work: the warning, on 로그인 유지, with the focus kept inside. (The
    // page's clock also runs on by itself between the steps: each step leaves it a margin.)
    await page.clock.fastForward('28:00')
    expect(await dialog.isVisible()).toBe(false)
    await page.clock.fastForward('01:05')
    await dialog.waitFor()
    const stay = dialog.getByRole('button', {name: '로그인 유지'})
    await expect.poll(() => stay.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await stay.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Shift+Tab')
    expect(
      await dialog
        .getByRole('button', {name: '로그아웃'})
        .evaluate((button) => button === document.activeElement),
    ).toBe(true)
    // Nobody worked: the page asked the server for nothing.
    expect(refreshes).toEqual([])
    await keepScreenshot(page, `staff-idle-warning-${viewport}`, {fullPage: false})

    // 로그인 유지: the sign-in goes on, and the server counts from now.
    const kept = page.waitForRequest((request) => request.url().endsWith('/api/admin/refresh'))
    await stay.click()
    expect((await kept).postDataJSON()).toEqual({idleS: 0})
    await dialog.waitFor({state: 'hidden'})

    // Another 30 minutes without work: the warning again, then the sign-out.
    await page.clock.fastForward('29:01')
    await dialog.waitFor()
    await page.clock.fastForward('01:00')
    await page
      .getByText('30분 동안 사용하지 않아 로그아웃했습니다. 다시 로그인해 주세요.')
      .waitFor()
    await page.getByRole('button', {name: '로그인'}).waitFor()
    expect(refreshes).toHaveLength(1)
    await keepScreenshot(page, `staff-idle-signed-out-${viewport}`)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})
