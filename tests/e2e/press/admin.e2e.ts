import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage, type ViewportName} from '../browser.ts'
import {untilSiteRebuilt} from '../site-rebuilds.ts'
import {signInOnPage} from '../staff-token.ts'
import {busiestSite, lakeQuery, postsOf, tableRows, waitForHydration, SLOW} from './press-site.ts'

const baseUrl = inject('baseUrl')
const adminEmail = inject('adminEmail')

let site: string
beforeAll(async () => {
  ;({slug: site} = await busiestSite())
})
afterAll(untilSiteRebuilt, 200_000)

async function openList(viewport: ViewportName): Promise<TestPage> {
  const page = await openPage(viewport)
  await page.goto(`${baseUrl}/${site}/press`)
  await waitForHydration(page)
  return page
}

async function signIn(page: TestPage): Promise<void> {
  await signInOnPage(page)
  await page.getByText(`${adminEmail} 님, 환영합니다.`).waitFor()
}

const activeName = (page: TestPage) =>
  page.evaluate(() => document.activeElement?.getAttribute('name'))

describe('press administrator', () => {
  it('shows why a sign-in failed', async () => {
    const page = await openList('desktop')
    await page.getByLabel('이메일').fill('nobody@example.com')
    await page.getByLabel('비밀번호').fill('wrong-password')
    await page.getByRole('button', {name: '로그인', exact: true}).click()
    const alert = page.locator('.press-login [role="alert"]')
    await expect.poll(() => alert.textContent(), SLOW).toMatch(/^로그인 실패: \S/)
    expect(await page.getByRole('button', {name: '로그아웃', exact: true}).count()).toBe(0)
    await page.context().close()
  })

  it(
    'signs in, publishes a post that comes first, ' +
      'opens it, counts the view, goes back and signs out',
    async () => {
      const page = await openList('desktop')
      await signIn(page)

      // Required fields: an inline alert, and focus on the first empty one.
      await page.getByRole('button', {name: '등록', exact: true}).click()
      const alert = page.locator('.press-write [role="alert"]')
      await expect.poll(() => alert.textContent(), SLOW).toBe('제목과 요약은 필수입니다!')
      expect(await activeName(page)).toBe('title')
      await page.getByLabel('제목').fill('브라우저 테스트로 등록한 보도자료')
      await page.getByRole('button', {name: '등록', exact: true}).click()
      expect(await activeName(page)).toBe('summary')

      const before = (await postsOf(site)).length
      await page.getByLabel('요약').fill('관리자 글쓰기 양식으로 등록한 글입니다.')
      await page.getByLabel('내용').fill('첫째 문단입니다.\n\n둘째 문단입니다.\n셋째 문단입니다.')
      await page.getByRole('button', {name: '등록', exact: true}).click()
      await expect
        .poll(async () => (await tableRows(page))[0]?.[1], SLOW)
        .toBe('브라우저 테스트로 등록한 보도자료')
      const [first] = await tableRows(page)
      expect(first?.[0]).toBe(String(before + 1))
      // Nobody opened it yet: its count, read from the site, is 0.
      await expect.poll(async () => (await tableRows(page))[0]?.[4], SLOW).toBe('0')
      expect(await page.locator('.press-table tbody tr').count()).toBe(10)
      expect(await page.getByLabel('제목').inputValue()).toBe('')

      // Opening it counts one view; the body has one paragraph per line.
      await page.getByRole('link', {name: '브라우저 테스트로 등록한 보도자료'}).click()
      await expect.poll(() => page.locator('.press-post-views').textContent(), SLOW).toBe('1')
      expect(await page.locator('.press-body p').allTextContents()).toEqual([
        '첫째 문단입니다.',
        '둘째 문단입니다.',
        '셋째 문단입니다.',
      ])
      const postUrl = page.url()
      await page.getByRole('link', {name: '목록으로'}).click()
      await page.waitForURL(`${baseUrl}/${site}/press`)
      await page.getByText(`${adminEmail} 님, 환영합니다.`).waitFor()

      // Published after the build: the page renders in the browser from the SPA fallback.
      const direct = await openPage('desktop')
      await direct.goto(postUrl)
      await direct
        .getByRole('heading', {level: 1, name: '브라우저 테스트로 등록한 보도자료'})
        .waitFor()
      await expect.poll(() => direct.locator('.press-post-views').textContent(), SLOW).toBe('2')
      await direct.context().close()

      await page.getByRole('button', {name: '로그아웃', exact: true}).click()
      await page.getByRole('button', {name: '로그인', exact: true}).waitFor()
      await page.reload()
      await waitForHydration(page)
      // The session is decided once the sign-in form stops checking (aria-busy): a session
      // restored would have replaced the form by then.
      await expect
        .poll(() => page.getByRole('form', {name: '관리자 로그인'}).getAttribute('aria-busy'))
        .toBe('false')
      expect(await page.getByRole('button', {name: '로그아웃', exact: true}).count()).toBe(0)
      expect(page.consoleErrors.filter((error) => !error.includes('401'))).toEqual([])
      await page.context().close()
    },
  )

  it(
    'keeps the session across a reload through a ' +
      'token refresh, and publishes with the new token',
    async () => {
      const page = await openList('desktop')
      await signIn(page)
      const refreshed = page.waitForResponse((response) =>
        response.url().endsWith('/api/admin/refresh'),
      )
      await page.reload()
      expect((await refreshed).status()).toBe(200)
      await page.getByText(`${adminEmail} 님, 환영합니다.`).waitFor()

      await page.getByLabel('제목').fill('새로 고침 뒤에 등록한 보도자료')
      await page.getByLabel('요약').fill('갱신된 토큰으로 등록했습니다.')
      await page.getByRole('button', {name: '등록', exact: true}).click()
      await expect
        .poll(async () => (await tableRows(page))[0]?.[1], SLOW)
        .toBe('새로 고침 뒤에 등록한 보도자료')
      expect(
        await lakeQuery<number>('count(*[_type == "press" && title == $title])', {
          title: '새로 고침 뒤에 등록한 보도자료',
        }),
      ).toBe(1)
      await page.getByRole('button', {name: '로그아웃', exact: true}).click()
      await page.context().close()
    },
  )

  it('signs in and out on a narrow screen', async () => {
    const page = await openList('narrow')
    await signIn(page)
    expect(await page.getByLabel('제목').isVisible()).toBe(true)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await page.getByRole('button', {name: '로그아웃', exact: true}).click()
    await page.getByRole('button', {name: '로그인', exact: true}).waitFor()
    await page.context().close()
  })
})
