import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient, type SanityClient} from '@sanity/client'
import type {BrowserContextOptions} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {startLake, type RunningLake} from '#lake/server.ts'
import {
  enrolledFactors,
  spendSecondFactorCode,
} from '#netlify/functions/_shared/auth/second-factor.ts'
import {guardedSignIn} from '#netlify/functions/_shared/auth/sign-in.ts'
import {enrolTotp} from '#netlify/functions/_shared/auth/totp-factor.ts'
import {newTotpSecret, totpCode} from '#shared/auth/totp.ts'
import {collectionTypes, singletonTypes} from '#schemas/index.ts'
import {freePort} from '#scripts/lib/processes.ts'
import {serveStaticSite} from '#tests/helpers/static-site.ts'
import {openPage, type TestPage} from '../browser.ts'
import {STUDIO_PROJECT, studioAddresses} from '../studio-build.ts'

// What a newcomer gets from `npm run studio`: the Studio built from this repository,
// talking to a local lake seeded from content/, signed in through the lake's own form.
const EDITOR = {
  email: 'editor@lakeside.test',
  password: randomBytes(9).toString('base64url'),
  totpSecret: newTotpSecret(),
}
// What seals the editor's app secret in the stack's database (this lake's own secret).
const FACTOR_ENV = {AUTH_SECRET: randomBytes(32).toString('base64url')}
const {projectId: PROJECT_ID, dataset: DATASET} = STUDIO_PROJECT

let lake: RunningLake
let studio: Awaited<ReturnType<typeof serveStaticSite>>
let client: SanityClient
let dataDir: string

beforeAll(async () => {
  process.env.NETLIFY_DB_URL = inject('databaseUrl')
  process.env.NETLIFY_DB_DRIVER = 'server'
  dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'))
  // The editor enrolled an authenticator app, with a code of a minute ago.
  const enrolledAt = Date.now() - 60_000
  const firstCode = totpCode(EDITOR.totpSecret, enrolledAt)
  await enrolTotp(EDITOR.email, EDITOR.totpSecret, firstCode, enrolledAt, FACTOR_ENV)
  const writeToken = randomBytes(24).toString('hex')
  const port = await freePort()
  studio = await serveStaticSite(
    inject('studioBuildDir'),
    0,
    studioAddresses(`http://127.0.0.1:${port}`),
  )
  lake = await startLake({
    port,
    dataDir,
    contentDir: 'content',
    datasets: [DATASET],
    projectId: PROJECT_ID,
    writeToken,
    corsOrigins: [],
    studioOrigins: [studio.url],
    // The lake's own sign-in with its second factor, on the database the stack started.
    signIn: (email, password, code, visitor) =>
      guardedSignIn(
        {email, password, code, requireSecondFactor: true, visitor, channel: 'studio'},
        {
          check: async (given, typed) =>
            given === EDITOR.email && typed === EDITOR.password ? given : null,
          spendCode: (given, typed, now) => spendSecondFactorCode(given, typed, now, FACTOR_ENV),
          enrolled: (given) => enrolledFactors(given, FACTOR_ENV),
        },
      ),
  })
  client = createClient({
    projectId: PROJECT_ID,
    dataset: DATASET,
    apiHost: lake.url,
    useProjectHostname: false,
    useCdn: false,
    apiVersion: '2025-02-19',
    token: writeToken,
  })
}, 6 * 60_000)

afterAll(async () => {
  await lake?.close()
  await studio?.close()
  rmSync(dataDir, {recursive: true, force: true})
})

/** The first sign-in's cookies and storage (the Studio keeps its token there). */
let session: BrowserContextOptions['storageState']

/** The Studio, signed in: through the form the first time, then as the same editor again. */
async function signedIn(): Promise<TestPage> {
  const page = await openPage('desktop', {storageState: session})
  await page.goto(studio.url)
  if (!session) {
    await page.getByText('로컬 관리자 계정').click()
    await page.getByLabel('이메일').fill(EDITOR.email)
    await page.getByLabel('비밀번호').fill(EDITOR.password)
    await page.getByLabel('인증 코드').fill(totpCode(EDITOR.totpSecret))
    await page.getByRole('button', {name: '로그인'}).click()
  }
  await page
    .getByText(singletonTypes[0]?.title ?? '', {exact: true})
    .first()
    .waitFor()
  session ??= await page.context().storageState()
  return page
}

describe('Sanity Studio on the local lake', () => {
  it('refuses a wrong password in Korean and keeps the e-mail typed', async () => {
    const page = await openPage('desktop')
    await page.goto(studio.url)
    await page.getByText('로컬 관리자 계정').click()
    await page.getByLabel('이메일').fill(EDITOR.email)
    await page.getByLabel('비밀번호').fill('틀린 비밀번호')
    await page.getByLabel('인증 코드').fill('000000')
    await page.getByRole('button', {name: '로그인'}).click()
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      '이메일 또는 비밀번호가 올바르지 않습니다.',
    )
    expect(await page.getByLabel('이메일').inputValue()).toBe(EDITOR.email)
    await page.close()
  })

  it(
    'shows the Korean structure: singletons ' + 'first, then the collections in menu order',
    async () => {
      const page = await signedIn()
      await expect(page.getByRole('link', {name: 'GROQ 조회'}).count()).resolves.toBeGreaterThan(0)
      const lines = (await page.locator('body').innerText()).split('\n').map((line) => line.trim())
      const positions = [...singletonTypes, ...collectionTypes].map((type) =>
        lines.indexOf(type.title ?? ''),
      )
      expect(
        positions.every((position) => position >= 0),
        `all titles shown: ${positions.join(',')}`,
      ).toBe(true)
      expect(positions).toEqual([...positions].sort((a, b) => a - b))
      expect(
        page.consoleErrors.filter((error) => /PaneResolutionError|structure/i.test(error)),
      ).toEqual([])
      await page.close()
    },
  )

  it('lists press posts newest first', async () => {
    const page = await signedIn()
    await page.getByText('보도자료', {exact: true}).first().click()
    const newest = await client.fetch<string>(
      '*[_type == "press"] | order(date desc, _id desc)[0].title',
    )
    await page.getByText(newest, {exact: true}).first().waitFor()
    const dates =
      (await page.locator('body').innerText()).match(/\d{4}\. \d{1,2}\. \d{1,2}\./g) ?? []
    const days = dates.map((date) => {
      const [year = 0, month = 0, day = 0] = date.split('.').map((part) => Number(part.trim()))
      return year * 10_000 + month * 100 + day
    })
    expect(days.length).toBeGreaterThan(10)
    expect(days).toEqual([...days].sort((a, b) => b - a))
    await page.close()
  })

  it('edits a singleton and publishes it to the lake', async () => {
    const page = await signedIn()
    await page.getByText('사이트 기본 설정', {exact: true}).first().click()
    const hours = page.getByLabel('상담 시간')
    await expect.poll(() => hours.isEditable(), {timeout: 20_000}).toBe(true)
    await hours.fill('평일 오전 10시~오후 6시')
    const raw = client.withConfig({perspective: 'raw'})
    const lake = {timeout: 20_000}
    await expect
      .poll(async () => (await raw.getDocument('drafts.siteSettings'))?.counselHours, lake)
      .toBe('평일 오전 10시~오후 6시')

    await page.getByRole('button', {name: '게시', exact: true}).click()
    await expect
      .poll(async () => (await client.getDocument('siteSettings'))?.counselHours, lake)
      .toBe('평일 오전 10시~오후 6시')
    await expect.poll(() => raw.getDocument('drafts.siteSettings'), lake).toBeUndefined()
    await page.close()
  })
})
