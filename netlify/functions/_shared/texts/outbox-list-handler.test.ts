import {beforeEach, describe, expect, it} from 'vitest'
import {mintAdminToken, TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, testSites, validBody} from '../leads/testing.ts'
import {listTextsHandler} from './outbox-list-handler.ts'
import type {OutboxText} from '#shared/texts/outbox-list.ts'
import {localProvider} from './provider.ts'
import {seedTextContent} from './testing.ts'

const START = Date.parse('2026-11-26T00:00:00Z')

describe('GET /api/admin/messages', () => {
  withTestDatabase()
  let token: string
  const staff = {ip: '192.0.2.10'}
  const get = (query = '', auth = true) =>
    listTextsHandler(
      new Request(`http://localhost/api/admin/messages${query}`, {
        headers: auth ? {Authorization: `Bearer ${token}`} : {},
      }),
      staff,
    )

  beforeEach(async () => {
    token = await mintAdminToken()
    for (const [i, phone] of ['010-1234-5678', '010-9999-0000', '010-1234-5678'].entries())
      await createRegisterHandler({
        clock: () => START + i * 60_000,
        sites: testSites(),
        env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: TEST_AUTH_SECRET},
        texts: {content: seedTextContent, provider: localProvider},
      })(jsonRequest(validBody({phone, name: `방문객${i}`})), {ip: '203.0.113.1'})
  })

  it('lists the texts to a number, newest first, as the phone shows them', async () => {
    const response = await get('?to=01012345678')
    expect(response.status).toBe(200)
    const {ok, items} = (await response.json()) as {ok: boolean; items: OutboxText[]}
    expect(ok).toBe(true)
    expect(items.map((item) => [item.to, item.kind, item.status, item.createdAt])).toEqual([
      ['010-1234-5678', 'acknowledgement', 'kept', new Date(START + 120_000).toISOString()],
      ['010-1234-5678', 'acknowledgement', 'kept', new Date(START).toISOString()],
    ])
    expect(items[0]?.text).toMatch(/^\[솔담 레이크파크\] 방문객2님, 관심고객 등록이 접수되었습니다/)
    // Any way of writing the number the forms accept finds the same texts.
    const spaced = (await (await get('?to=%2B82%2010-1234-5678')).json()) as {items: unknown[]}
    expect(spaced.items).toHaveLength(2)
  })

  it('lists the latest texts without a number, and logs who read them', async () => {
    const {items} = (await (await get()).json()) as {items: OutboxText[]}
    expect(items.map((item) => item.to)).toEqual([
      '010-1234-5678',
      '010-9999-0000',
      '010-1234-5678',
    ])
    const log = await sql()<{action: string; detail: unknown}>`SELECT action, detail FROM audit_log`
    expect(log).toEqual([{action: 'list', detail: {messages: true}}])
  })

  it('answers a malformed number 400 in Korean, and strangers 401', async () => {
    const bad = await get('?to=12345')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      ok: false,
      error: '전화번호를 확인해 주세요.',
      fields: {to: '올바른 전화번호 형식이 아닙니다.'},
    })
    const anonymous = await get('', false)
    expect(anonymous.status).toBe(401)
    expect(await sql()`SELECT 1 FROM audit_log`).toEqual([])
  })
})
