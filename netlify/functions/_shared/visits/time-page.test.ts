import {describe, expect, it} from 'vitest'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {createTimePageHandler, TIME_SHELL_PATH} from './time-page.ts'
import {
  NO_HOUSE_SITE,
  NOW,
  SITE,
  testHouses,
  testSiteDirectory,
  useVisitTestServices,
} from './testing.ts'

const SHELL =
  '<!DOCTYPE html><html lang="ko"><head><link rel="stylesheet" href="/assets/a.css"/></head>' +
  '<body><form method="post" action="/api/register">' +
  '<input type="hidden" name="source" value="customer"/>' +
  '<input type="hidden" name="site" value="default-site"/>' +
  '<div class="form-field visit-time-fallback"><p>시간 보기</p><p><a href="/registration/time">보기</a></p></div>' +
  '<button type="submit">방문예약 신청하기</button></form>' +
  '<script type="module">import("/assets/a.js")</script></body></html>'

describe('the time page', () => {
  useVisitTestServices()
  const asked: string[] = []
  const page = (query: string) =>
    createTimePageHandler({
      clock: () => NOW,
      houses: testHouses(),
      sites: testSiteDirectory(),
      readPage: async (url) => {
        asked.push(url.pathname)
        return new Response(SHELL, {headers: {'Content-Security-Policy': "style-src 'self'"}})
      },
    })(new Request(`https://example.test/registration/time?${query}`))

  it('serves the form of the site with every time and the seats it has now', async () => {
    const register = createRegisterHandler({
      clock: () => NOW,
      houses: testHouses(),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '0'},
    })
    const booked = await register(
      jsonRequest(validBody({site: SITE, visitAt: '2026-11-27T10:00:00+09:00'})),
      {ip: '203.0.113.7'},
    )
    expect(booked.status).toBe(201)

    const answer = await page(`site=${SITE}&source=home`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('content-security-policy')).toBe("style-src 'self'")
    expect(asked.at(-1)).toBe(TIME_SHELL_PATH)
    const html = await answer.text()
    expect(html).toContain('<input type="hidden" name="site" value="ulsan-lakepark"/>')
    expect(html).toContain('<input type="hidden" name="source" value="home"/>')
    expect(html).not.toContain('visit-time-fallback')
    expect(html).not.toContain('<script')
    // Friday 27 November: the booked 10:00 has three seats left of four, 10:30 all four.
    expect(html).toContain('<legend>11월 27일 (금)</legend>')
    expect(html).toMatch(
      /value="2026-11-27T10:00:00\+09:00"\/><span class="visit-time-at">10:00<\/span><span class="visit-time-left">3자리 남음/,
    )
    expect(html).toContain(
      '<span class="visit-time-at">10:30</span><span class="visit-time-left">4자리 남음',
    )
    // A closed day stays in the list, saying why.
    expect(html).toContain(
      '<legend>11월 30일 (월)</legend><p class="visit-picker-note">휴관일입니다 · 매주 월요일 휴관</p>',
    )
    // Undecided is the default choice.
    expect(html).toContain('<input type="radio" name="visitAt" checked="" value=""/>')
  })

  it('takes an unknown source as the customer page’s', async () => {
    const html = await (await page(`site=${SITE}&source=%3Cb%3E`)).text()
    expect(html).toContain('<input type="hidden" name="source" value="customer"/>')
  })

  it('says when a site takes no bookings, and refuses a site it does not know', async () => {
    expect(await (await page(`site=${NO_HOUSE_SITE}`)).text()).toContain(
      '이 현장은 지금 방문 예약을 받지 않습니다.',
    )
    const unknown = await page('site=nowhere')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('찾는 현장이 없습니다.')
  })
})
