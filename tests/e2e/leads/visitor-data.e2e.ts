import type {Page} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {withParticle} from '#shared/korean-particles.ts'
import {axeViolations} from '../accessibility.ts'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {signInOnPage, staffLeadsNamed} from '../staff-token.ts'
import {freeSlots, openHydrated, postRegistration, uniqueName, uniquePhone} from './leads-page.ts'
import {textsTo} from './staff-texts.ts'

const site = inject('defaultSite')

/** The code of the latest verification text to `phone`, read from the texts' outbox. */
async function codeTexted(phone: string, before = 0): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const codes = (await textsTo(phone)).filter((text) => text.kind === 'verification')
        code = codes.length > before ? /\[(\d{6})\]/.exec(codes[0]!.text)?.[1] : undefined
        return code
      },
      {timeout: 30_000},
    )
    .toMatch(/^\d{6}$/)
  return code!
}

/** Types the code texted to `phone` into the page's code field and confirms it. */
async function typeCode(page: Page, phone: string): Promise<void> {
  await page.getByLabel('인증번호 6자리').fill(await codeTexted(phone))
  await page.getByRole('button', {name: '확인', exact: true}).click()
  await page.getByRole('heading', {name: /^등록 내역/}).waitFor()
}

const status = (page: Page) => page.locator('.rights-page-body > .rights-notice').textContent()

describe.each(['desktop', 'narrow'] as ViewportName[])('a visitor’s own data (%s)', (viewport) => {
  it('opens from the visit page’s link after a code, corrects the name, stops marketing and erases everything', async () => {
    const name = uniqueName('내정보')
    const phone = uniquePhone()
    const [slot] = (await freeSlots(site)).slice(-3)
    const registered = await postRegistration({
      name,
      phone,
      site,
      visitAt: slot!.start,
      marketingConsent: true,
    })
    expect(registered.status).toBe(201)
    const {manageUrl} = (await registered.json()) as {manageUrl: string}

    const page = await openPage(viewport)
    await openHydrated(page, manageUrl)
    await page.getByRole('link', {name: '내 정보 확인·정정·삭제'}).click()
    await page.waitForURL(new RegExp(`/${site}/my-info/[A-Za-z0-9_-]{43}$`))
    await page.getByRole('heading', {name: '내 정보 확인·정정·삭제'}).waitFor()
    // The link alone shows nothing: the number's phone gets a code first.
    expect(await page.getByText(name).count()).toBe(0)
    await page.getByRole('button', {name: '인증번호 받기'}).click()
    await page.getByText(/010-\*{4}-\d{4}(으로|로) 인증번호를 보냈습니다/).waitFor()
    await typeCode(page, phone)
    const leads = page.getByRole('region', {name: /^등록 내역/})
    expect(await leads.textContent()).toContain(name)
    expect(await page.getByRole('region', {name: /^방문 예약·대기/}).textContent()).toContain(
      '방문 예약 · 예약',
    )
    expect(await page.getByRole('region', {name: /^보낸 문자/}).textContent()).toContain(
      '예약 확정 안내',
    )
    await keepScreenshot(page, `visitor-data-${viewport}`)
    expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([])

    const corrected = uniqueName('고친이름')
    await page.getByLabel('올바른 이름').fill(corrected)
    await page.getByRole('button', {name: '이름 바꾸기'}).click()
    await expect
      .poll(() => status(page))
      .toBe(`이름을 ${withParticle(`‘${corrected}’`, '으로/로')} 바꿨습니다.`)
    await expect.poll(() => leads.textContent()).toContain(corrected)
    expect((await staffLeadsNamed(corrected)).map((lead) => lead.phone)).toEqual([phone])

    await page.getByRole('button', {name: '마케팅 수신 중단'}).click()
    await expect.poll(() => status(page)).toContain('마케팅 정보 수신을 중단했습니다.')
    await expect
      .poll(() => page.getByRole('region', {name: /^동의 기록/}).textContent())
      .toContain('광고 문자 수신거부')

    await page.getByRole('button', {name: '모두 삭제', exact: true}).click()
    const confirm = page.getByRole('alertdialog')
    expect(await confirm.textContent()).toContain('정말 모두 삭제하시겠습니까?')
    await keepScreenshot(page, `visitor-data-erase-${viewport}`, {fullPage: false})
    await confirm.getByRole('button', {name: '예, 모두 삭제합니다'}).click()
    await page.getByRole('heading', {name: '모두 삭제했습니다'}).waitFor()
    expect(await page.locator('.rights-page-body').textContent()).toContain(
      '등록 1건, 방문 예약 1건, 대기 신청 0건',
    )
    expect(await staffLeadsNamed(corrected)).toEqual([])
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('opens from the privacy page’s form with a code, and sends a request the staff answer', async () => {
    const name = uniqueName('개인정보')
    const phone = uniquePhone()
    expect((await postRegistration({name, phone, site})).status).toBe(201)

    const page = await openPage(viewport)
    await openHydrated(page, '/privacy')
    const form = page.getByRole('region', {name: '내 정보 확인·삭제'})
    await form.getByLabel('휴대전화 번호').fill(phone)
    await form.getByRole('button', {name: '인증번호 받기'}).click()
    await keepScreenshot(page, `visitor-data-privacy-form-${viewport}`, {fullPage: false})
    await typeCode(page, phone)
    await page.waitForURL(new RegExp(`/${site}/my-info$`))
    expect(await page.getByRole('region', {name: /^등록 내역/}).textContent()).toContain(name)

    const words = `전화 상담 때 알려 드린 이메일도 지워 주세요 ${name}`
    await page.getByRole('radio', {name: /다른 경로로 제공한 정보/}).check()
    await page.getByLabel('요청 내용').fill(words)
    await page.getByRole('button', {name: '요청 보내기'}).click()
    await expect.poll(() => status(page)).toContain('요청을 접수했습니다.')
    await expect
      .poll(() => page.getByRole('region', {name: /^내 요청 기록/}).textContent())
      .toContain('처리 중')
    await page.context().close()

    const staff = await openPage(viewport)
    await staff.goto(`${inject('baseUrl')}/admin/leads`)
    await signInOnPage(staff)
    const notice = staff.getByRole('region', {name: '개인정보 요청'})
    await expect
      .poll(() => notice.textContent())
      .toMatch(/처리할 요청 \d+건 · 가장 가까운 답변 기한/)
    await keepScreenshot(staff, `visitor-data-dashboard-${viewport}`, {fullPage: false})
    await notice.getByRole('button', {name: '요청 처리 열기'}).click()
    const request = staff.locator('.request-item', {hasText: words})
    expect(await request.textContent()).toMatch(/답변 기한 .+ · (10|9)일 남음/)
    await request.getByRole('textbox').fill('상담 기록에 남아 있던 이메일 주소를 지웠습니다.')
    await keepScreenshot(staff, `visitor-data-requests-${viewport}`)
    expect((await axeViolations(staff)).map((violation) => violation.id)).toEqual([])
    await request.getByRole('button', {name: '답변 보내기'}).click()
    await expect
      .poll(() => staff.locator('.requests .leads-notice').textContent())
      .toBe(`${phone}에게 답변 문자를 보냈습니다.`)
    const answer = (await textsTo(phone)).find((text) => text.kind === 'request-answer')
    expect(answer?.text).toContain('상담 기록에 남아 있던 이메일 주소를 지웠습니다.')
    expect(answer?.text).toMatch(/내 정보 확인·삭제: https?:\/\/\S+\/my-info\/[A-Za-z0-9_-]{43}$/)
    expect(staff.consoleErrors).toEqual([])
    await staff.context().close()
  })
})
