import type {Page} from 'playwright-core'
import {inject} from 'vitest'
import type {Lead} from '#shared/leads/lead.ts'

async function signIn(): Promise<string> {
  const login = await fetch(`${inject('baseUrl')}/api/admin/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({email: inject('adminEmail'), password: inject('adminPassword')}),
  })
  if (!login.ok) throw new Error(`the staff's sign-in answered ${login.status}`)
  return ((await login.json()) as {accessToken: string}).accessToken
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
 * Signs the stack's administrator (or another of its accounts) in on a page showing the
 * staff's sign-in form.
 */
export async function signInOnPage(
  page: Page,
  account = {email: inject('adminEmail'), password: inject('adminPassword')},
): Promise<void> {
  await page.getByLabel('이메일').fill(account.email)
  await page.getByLabel('비밀번호').fill(account.password)
  await page.getByRole('button', {name: '로그인'}).click()
}
