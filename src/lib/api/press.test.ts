import {describe, expect, it, vi} from 'vitest'
import {missingRequired, publishPress} from './press.ts'

const draft = {site: 'ulsan', title: '제목', summary: '요약', content: '첫 줄\n둘째 줄'}
const session = (token: string | null) => ({getAccessToken: vi.fn(async () => token)})
const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {status, headers: {'Content-Type': 'application/json'}}),
  )

describe('missingRequired', () => {
  it('names the empty required fields in form order, blanks counting as empty', () => {
    expect(missingRequired({title: ' ', summary: ''})).toEqual(['title', 'summary'])
    expect(missingRequired({title: '제목', summary: '\n'})).toEqual(['summary'])
    expect(missingRequired({title: '제목', summary: '요약'})).toEqual([])
  })
})

describe('publishPress', () => {
  it('posts the draft with the access token and answers the new id', async () => {
    const doFetch = answer(201, {ok: true, id: 'new-id'})
    expect(await publishPress(session('tok'), draft, doFetch)).toEqual({ok: true, id: 'new-id'})
    const [url, init] = doFetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/press')
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok')
    expect(JSON.parse(String(init.body))).toEqual(draft)
  })

  it('passes on the Korean field errors of a 400', async () => {
    const doFetch = answer(400, {
      ok: false,
      error: '입력 내용을 확인해 주세요.',
      fields: {title: '제목은 100자 이내로 입력해 주세요.'},
    })
    expect(await publishPress(session('tok'), draft, doFetch)).toEqual({
      ok: false,
      error: '입력 내용을 확인해 주세요.',
      fields: {title: '제목은 100자 이내로 입력해 주세요.'},
    })
  })

  it('asks to sign in again without a token or on a 401, without posting in the first case', async () => {
    const doFetch = answer(401, {ok: false, error: 'x'})
    expect(await publishPress(session(null), draft, doFetch)).toMatchObject({
      ok: false,
      error: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    })
    expect(doFetch).not.toHaveBeenCalled()
    expect(await publishPress(session('old'), draft, doFetch)).toMatchObject({
      ok: false,
      error: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    })
  })

  it('says the server cannot be reached when the request fails', async () => {
    const doFetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await publishPress(session('tok'), draft, doFetch)).toMatchObject({
      ok: false,
      error: '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    })
  })
})
