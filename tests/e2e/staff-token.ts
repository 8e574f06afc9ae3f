import type {Page} from 'playwright-core'
import {inject} from 'vitest'
import type {Lead} from '#shared/leads/lead.ts'

/** An access token of the stack's administrator, as the staff's sign-in answers it. */
export async function staffToken(): Promise<string> {
  const login = await fetch(`${inject('baseUrl')}/api/admin/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({email: inject('adminEmail'), password: inject('adminPassword')}),
  })
  return ((await login.json()) as {accessToken: string}).accessToken
}

/** The leads the staff's list finds for a name, as the staff's API answers them. */
export async function staffLeadsNamed(name: string): Promise<Lead[]> {
  const answer = await fetch(`${inject('baseUrl')}/api/admin/leads?q=${encodeURIComponent(name)}`, {
    headers: {authorization: `Bearer ${await staffToken()}`},
  })
  return ((await answer.json()) as {leads: Lead[]}).leads
}

/** Signs the stack's administrator in on a page showing the staff's sign-in form. */
export async function signInOnPage(page: Page): Promise<void> {
  await page.getByLabel('이메일').fill(inject('adminEmail'))
  await page.getByLabel('비밀번호').fill(inject('adminPassword'))
  await page.getByRole('button', {name: '로그인'}).click()
}
