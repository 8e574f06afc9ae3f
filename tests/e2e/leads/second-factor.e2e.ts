import {describe, expect, inject, it} from 'vitest'
import {totpCode} from '#shared/auth/totp.ts'
import {keepScreenshot, openPage, type TestPage} from '../browser.ts'

/*
 * A counsellor's first sign-in without a second factor, the enrolment of an authenticator
 * app and a passkey, and the sign-ins with each and with a recovery code, as the counsellor
 * does them. The app's codes are computed from the key the page shows, as an app would; the
 * passkey lives in Chromium's virtual authenticator.
 */

const VIEWPORTS = ['desktop', 'narrow'] as const
const workspace = () => `${inject('baseUrl')}/admin/leads`

async function typePassword(page: TestPage, account: {email: string; password: string}) {
  await page.getByLabel('이메일').fill(account.email)
  await page.getByLabel('비밀번호').fill(account.password)
  await page.getByRole('button', {name: '로그인', exact: true}).click()
}

async function signInWithCode(
  page: TestPage,
  account: {email: string; password: string},
  code: string,
) {
  await typePassword(page, account)
  await page.getByLabel('인증 코드').fill(code)
  await page.getByRole('button', {name: '확인', exact: true}).click()
}

const views = (page: TestPage) => page.getByRole('navigation', {name: '관리 화면'})

async function signOut(page: TestPage) {
  await views(page).getByRole('button', {name: '문의 목록'}).click()
  await page.getByRole('button', {name: '로그아웃'}).click()
  await page.getByRole('heading', {name: '관리자 로그인'}).waitFor()
}

/** A passkey authenticator built into the device, as a phone's or a laptop's. */
async function addVirtualAuthenticator(page: TestPage) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
}

describe.each(VIEWPORTS)('the second factor of a staff sign-in (%s)', (viewport) => {
  const account = inject('enrollingCounsellors')[VIEWPORTS.indexOf(viewport)]!

  it('enrols an app and a passkey, and signs in with each and once with a recovery code', async () => {
    const page = await openPage(viewport)
    await page.goto(workspace())
    await typePassword(page, account)

    // Without a second factor the sign-in shows only the enrolment.
    await page.getByRole('heading', {name: '2단계 인증 등록'}).waitFor()
    expect(await views(page).count()).toBe(0)
    await keepScreenshot(page, `second-factor-enrol-${viewport}`)

    await page.getByRole('button', {name: '인증 앱 등록 시작'}).click()
    await page.getByRole('img', {name: '인증 앱 등록 QR 코드'}).waitFor()
    // The key as a person types it into an app that cannot scan.
    const key = (await page.locator('.totp-key code').textContent())?.replace(/\s/g, '') ?? ''
    expect(key).toMatch(/^[A-Z2-7]{32}$/)
    await keepScreenshot(page, `second-factor-app-${viewport}`)
    await page.getByLabel('인증 앱에 보이는 6자리 코드').fill(totpCode(key))
    await page.getByRole('button', {name: '인증 앱 등록'}).click()

    await page.getByRole('heading', {name: '복구 코드 8개'}).waitFor()
    const recovery = await page.locator('.recovery-code-list code').allTextContents()
    expect(recovery).toHaveLength(8)
    await keepScreenshot(page, `second-factor-recovery-${viewport}`)
    await page.getByRole('button', {name: '보관했습니다'}).click()
    await views(page).waitFor()
    await signOut(page)

    // The app's next code: the one just used for the enrolment signs in no more.
    await signInWithCode(page, account, totpCode(key, Date.now() + 30_000))
    await views(page).waitFor()

    await addVirtualAuthenticator(page)
    await views(page).getByRole('button', {name: '2단계 인증'}).click()
    await page.getByRole('button', {name: '패스키 등록'}).click()
    await expect
      .poll(() => page.locator('.second-factor-setup [role="status"]').textContent())
      .toBe('패스키를 등록했습니다.')
    await keepScreenshot(page, `second-factor-settings-${viewport}`)
    await signOut(page)

    await typePassword(page, account)
    const withPasskey = page.getByRole('button', {name: '패스키로 인증'})
    await withPasskey.waitFor()
    await keepScreenshot(page, `second-factor-step-${viewport}`)
    await withPasskey.click()
    await views(page).waitFor()
    await signOut(page)

    await signInWithCode(page, account, recovery[0]!)
    await views(page).waitFor()
    await signOut(page)
    await signInWithCode(page, account, recovery[0]!)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('이미 사용한 복구 코드입니다. 사용하지 않은 다른 복구 코드를 입력해 주세요.')
    expect(await views(page).count()).toBe(0)
    await keepScreenshot(page, `second-factor-used-code-${viewport}`)
    await page.context().close()
  }, 120_000)
})
