import {describe, expect, it, vi} from 'vitest'
import {submitRegistration} from './registration.ts'

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), {status}))

describe('submitRegistration', () => {
  it('sends JSON with the idempotency key and reads the receipt of a 201', async () => {
    const fetch = answer(201, {ok: true, receipt: 'A1B2'})
    expect(await submitRegistration({name: '김'}, {idempotencyKey: 'k-1', fetch})).toEqual({
      kind: 'accepted',
      receipt: 'A1B2',
    })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/register')
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('idempotency-key')).toBe('k-1')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    expect(JSON.parse(String(init.body))).toEqual({name: '김'})
  })

  it('reads a time held for the number’s coming visit, and no visit of its own', async () => {
    const fetch = answer(201, {
      ok: true,
      receipt: 'A1B2',
      visitHeld: 'resent',
      message: '이미 예약하신 방문이 있어 새 시간은 잡지 않았습니다.',
    })
    expect(await submitRegistration({}, {idempotencyKey: 'k', fetch})).toEqual({
      kind: 'accepted',
      receipt: 'A1B2',
      visit: {held: 'resent'},
    })
  })

  it('passes on the field messages of a 400 without repeating its generic text', async () => {
    const fetch = answer(400, {
      ok: false,
      error: '입력 내용을 확인해 주세요.',
      fields: {phone: '연락처 형식을 확인해 주세요.'},
    })
    expect(await submitRegistration({}, {idempotencyKey: 'k', fetch})).toEqual({
      kind: 'refused',
      fieldErrors: {phone: '연락처 형식을 확인해 주세요.'},
      detail: null,
    })
  })

  it('says a 409 was the chosen time filling, with the nearest free times', async () => {
    const slot = {start: '2026-11-27T11:00:00+09:00', remaining: 2}
    const fetch = answer(409, {
      ok: false,
      error: '선택하신 시간이 마감되었습니다. 다른 시간을 선택해 주세요.',
      fields: {visitAt: '선택하신 시간이 마감되었습니다. 다른 시간을 선택해 주세요.'},
      slots: [slot],
    })
    expect(await submitRegistration({}, {idempotencyKey: 'k', fetch})).toEqual({
      kind: 'refused',
      fieldErrors: {visitAt: '선택하신 시간이 마감되었습니다. 다른 시간을 선택해 주세요.'},
      detail: null,
      slotFilled: true,
      slots: [slot],
    })
  })

  it('keeps the server’s explanation of a 429 or 503', async () => {
    const fetch = answer(429, {
      ok: false,
      error: '등록 요청이 너무 많습니다. 3분 후에 다시 시도해 주세요.',
    })
    expect(await submitRegistration({}, {idempotencyKey: 'k', fetch})).toEqual({
      kind: 'refused',
      fieldErrors: {},
      detail: '등록 요청이 너무 많습니다. 3분 후에 다시 시도해 주세요.',
    })
  })

  it('treats an answer without JSON as a rejection', async () => {
    const fetch = vi.fn(async () => new Response('<h1>Bad gateway</h1>', {status: 502}))
    expect(await submitRegistration({}, {idempotencyKey: 'k', fetch})).toEqual({
      kind: 'refused',
      fieldErrors: {},
      detail: null,
    })
  })

  it('reports a refused connection and a timeout as an error', async () => {
    const refused = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await submitRegistration({}, {idempotencyKey: 'k', fetch: refused})).toEqual({
      kind: 'unanswered',
    })
    const never = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    )
    expect(
      await submitRegistration(
        {},
        {idempotencyKey: 'k', fetch: never as unknown as typeof fetch, timeoutMs: 20},
      ),
    ).toEqual({kind: 'unanswered'})
  })
})
