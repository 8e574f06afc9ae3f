import type {Page} from 'playwright-core'
import {inject} from 'vitest'
import type {Lead} from '#shared/leads/lead.ts'
import {signInRefusal} from '#shared/auth/sign-in-result.ts'
import {totpCodeOf} from './totp-desk.ts'

/**
 * The administrator's sign-in as scripts make it: password and app code in one request; a
 * code refused (it can lapse between the desk and the request, see signInOnPage) is followed
 * by one fresh code.
 */
async function signIn(): Promise<string> {
  const login = () =>
    totpCodeOf(inject('adminEmail')).then((code) =>
      fetch(`${inject('baseUrl')}/api/admin/login`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({
          email: inject('adminEmail'),
          password: inject('adminPassword'),
          code,
        }),
      }),
    )
  let answer = await login()
  if (answer.status === 401) answer = await login()
  if (!answer.ok) throw new Error(`the staff's sign-in answered ${answer.status}`)
  return ((await answer.json()) as {accessToken: string}).accessToken
}

/**
 * An access token lives 10 minutes; one is kept for half of that. Every browser test comes
 * from one address, which the sign-in allows 30 attempts per 15 minutes, and a poll of the
 * staff's API would otherwise sign in at each turn.
 */
const KEEP_TOKEN_MS = 5 * 60_000
let kept: {token: Promise<string>; at: number} | undefined

/** An access token of the stack's administrator, as the staff's sign-in answers it. */
export function staffToken(): Promise<string> {
  if (!kept || Date.now() - kept.at > KEEP_TOKEN_MS) {
    const token = signIn()
    kept = {token, at: Date.now()}
    token.catch(() => {
      if (kept?.token === token) kept = undefined
    })
  }
  return kept.token
}

/** The leads the staff's list finds for a name, as the staff's API answers them. */
export async function staffLeadsNamed(name: string): Promise<Lead[]> {
  const answer = await fetch(`${inject('baseUrl')}/api/admin/leads?q=${encodeURIComponent(name)}`, {
    headers: {authorization: `Bearer ${await staffToken()}`},
  })
  return ((await answer.json()) as {leads: Lead[]}).leads
}

/**
 * Signs the stack's administrator (or another of its accounts) in on a page showing a staff
 * sign-in form: the password, then the app's code in the second step (the site's pages), or
 * all three in one form (the Studio's on the local lake). A code the desk handed out can
 * lapse before it is typed (a refill of recovery codes replaces the set it came from), so a
 * code refused as wrong or used is followed by one fresh code; any other outcome is left to
 * the test.
 */
export async function signInOnPage(
  page: Page,
  account = {email: inject('adminEmail'), password: inject('adminPassword')},
): Promise<void> {
  await page.getByLabel('이메일').fill(account.email)
  await page.getByLabel('비밀번호').fill(account.password)
  const code = page.getByLabel('인증 코드')
  const signIn = page.getByRole('button', {name: '로그인', exact: true})
  const oneForm = await code.isVisible()
  if (!oneForm) await signIn.click()
  const submitCode = async () => {
    await code.fill(await totpCodeOf(account.email))
    await (oneForm ? signIn : page.getByRole('button', {name: '확인', exact: true})).click()
  }
  await submitCode()
  const refusals = (['bad-code', 'replayed-code', 'used-recovery-code'] as const).map((reason) =>
    signInRefusal({ok: false, reason}),
  )
  const refused = refusals
    .map((text) => page.getByText(text))
    .reduce((either, other) => either.or(other))
  // Whichever comes first; the other wait ends with its timeout, unheard.
  const outcome = await Promise.race([
    code
      .waitFor({state: 'hidden', timeout: 15_000})
      .then(() => 'signed-in' as const)
      .catch(() => 'unknown' as const),
    refused
      .waitFor({timeout: 15_000})
      .then(() => 'refused' as const)
      .catch(() => 'unknown' as const),
  ])
  if (outcome === 'refused') await submitCode()
}
