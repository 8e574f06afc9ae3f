import {describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, type ViewportName} from '../browser.ts'
import {
  FAILED,
  formTakenOver,
  letFillTimePass,
  openHydrated,
  receivedLead,
  shownReceipt,
  SUCCESS,
  uniqueName,
} from './leads-page.ts'

const site = inject('defaultSite')

// Fields, messages and the server's answers are the same at every width (no layout, no touch
// here): tested once, on a phone, where most visitors fill them in.
describe('customer page and home form', () => {
  it('registers from the customer page for its site and clears the fields', async () => {
    const page = await openPage('narrow')
    await openHydrated(page, `/${site}/customer`)
    expect(await page.getByText('24시간 상담').first().isVisible()).toBe(true)
    const form = page.locator('.customer-form form')
    const name = uniqueName('고객')
    await form.getByLabel('이름').fill(name)
    await form.getByLabel('연락처').pressSequentially('0312345678')
    expect(await form.getByLabel('연락처').inputValue()).toBe('031-234-5678')
    await form
      .getByLabel(/문의 내용/)
      .fill('84A 타입 잔여 세대가 궁금합니다.\n주말 방문 가능한가요?')
    expect(await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').isChecked()).toBe(false)
    expect(await form.getByLabel('[선택] 마케팅 정보 수신 동의').isChecked()).toBe(false)
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await form.getByLabel('[선택] 마케팅 정보 수신 동의').check()
    await letFillTimePass(page)
    await form.getByRole('button', {name: '등록하기'}).click()
    const receipt = await shownReceipt(page, form)
    expect(await form.getByText(SUCCESS).isVisible()).toBe(true)
    expect(await form.getByLabel('이름').inputValue()).toBe('')
    expect(await form.getByLabel('연락처').inputValue()).toBe('')
    expect(await form.getByLabel(/문의 내용/).inputValue()).toBe('')
    expect(await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').isChecked()).toBe(false)
    expect(await receivedLead(receipt)).toMatchObject({
      name,
      phone: '031-234-5678',
      message: '84A 타입 잔여 세대가 궁금합니다.\n주말 방문 가능한가요?',
      source: 'customer',
      site,
      marketingConsent: true,
    })
    await page.context().close()
  })

  it('shows the consent notice with the retention period highlighted and a link to the policy', async () => {
    const page = await openPage('narrow')
    await openHydrated(page, `/${site}/customer`)
    const form = page.locator('.customer-form form')
    const notice = form.locator('.consent-notice-body').first()
    expect(await notice.isVisible()).toBe(false)
    await form
      .getByRole('button', {name: '개인정보 수집 및 이용 안내 보기'})
      .or(form.locator('summary').first())
      .first()
      .click()
    expect(await notice.isVisible()).toBe(true)
    expect(await notice.textContent()).toContain('동의하지 않으시면')
    const retention = notice.locator('.consent-retention strong')
    expect(await retention.textContent()).toContain('1년')
    expect(await notice.getByRole('link', {name: /개인정보처리방침/}).getAttribute('href')).toBe(
      '/privacy',
    )
    await page.context().close()
  })

  it('sends the home form in place when JavaScript runs, and reports a refusal', async () => {
    const page = await openPage('narrow')
    await openHydrated(page, '/')
    const form = page.locator('#reservation form')
    await page.route('**/api/register', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          ok: false,
          error: '등록 요청이 너무 많습니다. 3분 후에 다시 시도해 주세요.',
        }),
      }),
    )
    await form.getByLabel('이름').fill('홍길동')
    await form.getByLabel('연락처').fill('010-2345-6789')
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await formTakenOver(form)
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    await form.getByText(FAILED).waitFor()
    expect(await form.getByText('3분 후에 다시 시도해 주세요', {exact: false}).isVisible()).toBe(
      true,
    )
    expect(new URL(page.url()).pathname).toBe('/')

    await page.unroute('**/api/register')
    const name = uniqueName('홈')
    await form.getByLabel('이름').fill(name)
    await letFillTimePass(page)
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    const receipt = await shownReceipt(page, form)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await receivedLead(receipt)).toMatchObject({
      name,
      source: 'home',
      phone: '010-2345-6789',
    })
    await page.context().close()
  })
})

describe('the customer page while the visit times arrive', () => {
  it.each<ViewportName>(['desktop', 'narrow'])(
    'on %s, the time field keeps its place: nothing below it moves when the times arrive or another day is chosen, and the page reports its largest paint',
    async (viewport) => {
      const page = await openPage(viewport)
      await page.addInitScript(() => {
        const shifts: string[] = []
        const paints: number[] = []
        Object.assign(window, {shifts, paints})
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) paints.push(entry.startTime)
        }).observe({type: 'largest-contentful-paint', buffered: true})
        new PerformanceObserver((list) => {
          // As the layout shift score counts them: not those right after the visitor's input.
          for (const entry of list.getEntries() as unknown as Array<{
            value: number
            hadRecentInput: boolean
            sources: Array<{node?: Node}>
          }>)
            if (!entry.hadRecentInput)
              shifts.push(
                `${entry.value.toFixed(4)} ${entry.sources.map((source) => (source.node as Element | undefined)?.className).join(', ')}`,
              )
        }).observe({type: 'layout-shift', buffered: true})
      })
      await page.goto(`${inject('baseUrl')}/${site}/customer`)
      const form = page.locator('.customer-form form')
      // Where the inquiry field is in the form (clicking a day may scroll the page).
      const messagePlace = () =>
        form
          .getByLabel(/문의 내용/)
          .evaluate(
            (field: HTMLTextAreaElement) =>
              field.getBoundingClientRect().top - field.form!.getBoundingClientRect().top,
          )
      const placeBefore = await messagePlace()
      await form.locator('.visit-times .visit-time').first().waitFor()
      expect(await messagePlace()).toBe(placeBefore)
      await keepScreenshot(page, `customer-times-${viewport}`)
      const days = form.getByRole('tab')
      for (let day = 0; day < (await days.count()); day++) {
        await days.nth(day).click()
        expect(await messagePlace(), `after day ${day}`).toBe(placeBefore)
      }
      expect(await page.evaluate(() => (window as unknown as {shifts: string[]}).shifts)).toEqual(
        [],
      )
      // The field's unseen shape does not end the page's Largest Contentful Paint (forms.css).
      expect(
        await page.evaluate(() => (window as unknown as {paints: number[]}).paints.length),
      ).toBeGreaterThan(0)
      await page.context().close()
    },
  )
})

describe('home form filled in before its script has arrived', () => {
  it('keeps what was typed and ticked, and sends it in place once the script has taken the form over', async () => {
    const page = await openPage('desktop')
    // The form's script is held back until the visitor has filled the form in.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/RegistrationForm-*.js', async (route) => {
      await held
      await route.continue()
    })
    await openHydrated(page, '/')
    const form = page.locator('#reservation form')
    // Still the plain HTML form: the script turns native validation off when it takes over.
    expect(await form.getAttribute('novalidate')).toBeNull()
    const name = uniqueName('먼저')
    await form.getByLabel('이름').fill(name)
    await form.getByLabel('연락처').fill('010-4567-8901')
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()

    release()
    await formTakenOver(form)
    expect(await form.getByLabel('이름').inputValue()).toBe(name)
    await letFillTimePass(page)
    await form.getByRole('button', {name: '방문예약 신청하기'}).click()
    const receipt = await shownReceipt(page, form)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await receivedLead(receipt)).toMatchObject({
      name,
      phone: '010-4567-8901',
      source: 'home',
      consent: true,
    })
    await page.context().close()
  })
})

describe('home form without JavaScript', () => {
  it('posts natively and lands on the result page, which says the outcome without JavaScript', async () => {
    const page = await openPage('desktop', {javaScriptEnabled: false})
    await page.goto(`${inject('baseUrl')}/`)
    const form = page.locator('#reservation form')
    const name = uniqueName('무스크립트')
    await form.getByLabel('이름').fill(name)
    await form.getByLabel('연락처').fill('010-3456-7890')
    await form.getByLabel(/문의 내용/).fill('견본주택 위치를 알려 주세요.')
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await Promise.all([
      page.waitForURL(/\/registration\/result\?/),
      form.getByRole('button', {name: '방문예약 신청하기'}).click(),
    ])
    const url = new URL(page.url())
    expect(url.searchParams.get('status')).toBe('accepted')
    const receipt = url.searchParams.get('receipt') ?? ''
    expect(await page.getByRole('heading', {level: 1}).textContent()).toBe('방문예약 신청 결과')
    expect(await page.getByText(SUCCESS).isVisible()).toBe(true)
    expect(await receivedLead(receipt)).toMatchObject({
      name,
      source: 'home',
      message: '견본주택 위치를 알려 주세요.',
    })

    // A number the server refuses: the page says so, and nothing claims it was received.
    await page.goto(`${inject('baseUrl')}/`)
    await form.getByLabel('이름').fill(name)
    await form.getByLabel('연락처').fill('123-4567')
    await form.getByLabel('[필수] 개인정보 수집 및 이용 동의').check()
    await Promise.all([
      page.waitForURL(/status=invalid/),
      form.getByRole('button', {name: '방문예약 신청하기'}).click(),
    ])
    expect(await page.getByText(FAILED).isVisible()).toBe(true)
    expect(await page.getByText(SUCCESS).count()).toBe(0)
    expect(await page.getByRole('link', {name: '다시 작성하기'}).isVisible()).toBe(true)
    await page.context().close()
  })

  it('states the receipt, the field messages and the wait on the result page as served', async () => {
    const page = await openPage('narrow', {javaScriptEnabled: false})
    await page.goto(
      `${inject('baseUrl')}/registration/result?status=accepted&receipt=R-20261122-AB12`,
    )
    expect(await page.getByText(SUCCESS).isVisible()).toBe(true)
    expect(await page.locator('.registration-receipt strong').textContent()).toBe('R-20261122-AB12')
    await page.goto(`${inject('baseUrl')}/registration/result?status=invalid&phone=invalid`)
    expect(await page.getByText(FAILED).isVisible()).toBe(true)
    expect(await page.getByText('연락처 형식을 확인해 주세요. 예) 010-1234-5678').isVisible()).toBe(
      true,
    )
    // A 21-second wait is said in seconds, with the line to call instead.
    await page.goto(`${inject('baseUrl')}/registration/result?status=limited&retryAfter=21`)
    expect(
      await page
        .getByText(/21초 후에 다시 시도하시거나 대표번호\(1661-0440\)으로 전화해/)
        .isVisible(),
    ).toBe(true)
    await keepScreenshot(page, 'registration-result-limited-narrow', {fullPage: false})
    expect(page.consoleErrors).toEqual([])
    const html = await (await fetch(`${inject('baseUrl')}/registration/result`)).text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    await page.context().close()
  })
})
