import {describe, expect, it} from 'vitest'
import {createResultPageHandler, RESULT_SHELL_PATH, writeResult} from './result-page.ts'
import {SiteDirectory} from '../leads/sites.ts'

const SHELL =
  '<!DOCTYPE html><html lang="ko"><head><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="stylesheet" href="/assets/a.css"/></head><body><header>사이트</header>' +
  '<section class="registration-result-page"><h1>방문예약 신청 결과</h1>' +
  '<p class="registration-result-general">신청서를 보내 주셔서 감사합니다.</p>' +
  '<p class="registration-result-phone">대표번호 <a href="tel:16610440">1661-0440</a></p>' +
  '<p class="registration-result-actions"><a href="/">홈으로 가기</a></p></section>' +
  '<script type="module">import("/assets/a.js")</script></body></html>'

/** A site directory that knows only the main phone number. */
function sitesWithPhone(phone: string | null): SiteDirectory {
  const sites = new SiteDirectory()
  sites.phone = async () => phone
  return sites
}

function handler(shell: () => Promise<Response>) {
  const asked: string[] = []
  const handle = createResultPageHandler({
    sites: sitesWithPhone('1661-0440'),
    readPage: (url) => {
      asked.push(url.pathname)
      return shell()
    },
  })
  return {handle, asked}
}

describe('the registration result page', () => {
  it('writes the receipt and the visit time into the generated page, without its scripts', async () => {
    const {handle} = handler(async () => new Response(SHELL, {status: 200}))
    const visitAt = encodeURIComponent('2026-12-02T14:30:00+09:00')
    const answer = await handle(
      new Request(
        `https://example.test/registration/result?status=accepted&receipt=R-20261129-AB12&visitAt=${visitAt}`,
      ),
    )
    const page = await answer.text()
    expect(page).toContain('<header>사이트</header>')
    expect(page).toContain('접수번호 <strong>R-20261129-AB12</strong>')
    expect(page).toContain('방문 예약 <strong>12월 2일 (수) 14:30</strong>')
    expect(page).not.toContain('registration-result-general')
    expect(page).not.toMatch(/<script|modulepreload/)
    expect(page).toContain('<link rel="stylesheet" href="/assets/a.css"/>')
  })

  it('leaves a page it does not know alone', () => {
    expect(writeResult('<html><body>다른 페이지</body></html>', null)).toBeNull()
  })

  it('states the wait of a limited registration in its own unit, with the phone line', async () => {
    const {handle, asked} = handler(async () => new Response(SHELL, {status: 200}))
    const answer = await handle(
      new Request('https://example.test/registration/result?status=limited&retryAfter=21'),
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(asked).toEqual([RESULT_SHELL_PATH])
    const page = await answer.text()
    expect(page).toContain(
      '등록 요청이 너무 많습니다. 21초 후에 다시 시도하시거나 대표번호(1661-0440)으로 전화해 주세요.',
    )
    expect(page).toContain('<a href="/#reservation">다시 작성하기</a>')
  })

  it('never writes what the address says in its own words', async () => {
    const {handle} = handler(async () => new Response(SHELL, {status: 200}))
    const answer = await handle(
      new Request(
        'https://example.test/registration/result?status=accepted&receipt=%3Cb%3Ehi%3C%2Fb%3E',
      ),
    )
    const page = await answer.text()
    expect(page).not.toContain('<b>hi</b>')
    expect(page).not.toContain('&lt;b&gt;')
  })

  it('still states the outcome when the generated page cannot be read', async () => {
    const {handle} = handler(async () => {
      throw new TypeError('fetch failed')
    })
    const answer = await handle(
      new Request('https://example.test/registration/result?status=accepted&receipt=R-1'),
    )
    expect(answer.status).toBe(200)
    const page = await answer.text()
    expect(page).toContain('<html lang="ko">')
    expect(page).toContain('접수번호 <strong>R-1</strong>')
  })

  it('reads only', async () => {
    const {handle} = handler(async () => new Response(SHELL))
    const answer = await handle(
      new Request('https://example.test/registration/result', {method: 'POST', body: 'x'}),
    )
    expect(answer.status).toBe(405)
  })
})
