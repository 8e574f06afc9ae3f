import {describe, expect, it} from 'vitest'
import {mintAdminToken, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import type {StaffRequests, VisitorData} from '#shared/visitor-data/contract.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {localProvider} from '../texts/provider.ts'
import {NOW, OTHER_SITE, SITE, testTextContent, useVisitTestServices} from '../visits/testing.ts'
import {createDataHandler, createEraseHandler, createRequestHandler} from './handlers.ts'
import {createAnswerHandler, listRequestsHandler} from './staff-handlers.ts'
import {call, PHONE, register, signIn, visitorDeps} from './testing.ts'

const DAY = 24 * 60 * 60_000

describe('requests staff answer', () => {
  useVisitTestServices()
  const deps = () => visitorDeps()
  const errorOf = async (answer: Response) => ((await answer.json()) as {error: string}).error
  const ask = (token: string, body: unknown) =>
    call(createRequestHandler(deps()), '/api/visitor/requests', {token, body})
  const queue = async (staff: string, site = '') => {
    const answer = await listRequestsHandler(
      new Request(`http://localhost/api/admin/requests${site ? `?site=${site}` : ''}`, {
        headers: {authorization: `Bearer ${staff}`},
      }),
      TEST_STAFF_CONTEXT,
      NOW,
    )
    return {status: answer.status, body: (await answer.json()) as StaffRequests}
  }
  const answer = (staff: string, id: number, body: unknown, now = NOW + DAY) =>
    createAnswerHandler({clock: () => now, content: testTextContent, provider: localProvider})(
      new Request(`http://localhost/api/admin/requests/${id}/answer`, {
        method: 'POST',
        headers: {authorization: `Bearer ${staff}`, 'Content-Type': 'application/json'},
        body: JSON.stringify(body),
      }),
      {...TEST_STAFF_CONTEXT, params: {id: String(id)}},
    )

  it('a request goes to the site’s queue with its 10-day deadline, and the answer is texted to the visitor', async () => {
    await register()
    const token = await signIn()
    const refused = await Promise.all([
      ask(token, {kind: 'something', body: '요청'}),
      ask(token, {kind: 'objection', body: '   '}),
      ask(token, {kind: 'objection', body: '가'.repeat(1001)}),
    ])
    expect(refused.map((one) => one.status)).toEqual([400, 400, 400])
    expect(await Promise.all(refused.map(errorOf))).toEqual([
      '요청 종류를 선택해 주세요.',
      '요청 내용을 적어 주세요.',
      '요청 내용은 1,000자 이내로 적어 주세요.',
    ])
    const made = await ask(token, {
      kind: 'other-channel',
      body: '전화 상담 때 알려 드린 이메일 주소도 지워 주세요.',
    })
    expect(made.status).toBe(201)
    const {request} = (await made.json()) as {request: {id: number; dueAt: string}}
    expect(request.dueAt).toBe(new Date(NOW + 10 * DAY).toISOString())

    const admin = await mintAdminToken()
    const counsellorElsewhere = await mintAdminToken('other@example.com', new Date(), [OTHER_SITE])
    const listed = await queue(admin)
    expect(listed.body).toMatchObject({open: 1, nearestDueAt: request.dueAt})
    expect(listed.body.items[0]).toMatchObject({
      site: SITE,
      kind: 'other-channel',
      status: 'open',
      phone: PHONE,
      body: '전화 상담 때 알려 드린 이메일 주소도 지워 주세요.',
    })
    expect((await queue(counsellorElsewhere)).body).toMatchObject({items: [], open: 0})
    expect((await answer(counsellorElsewhere, request.id, {answer: '처리했습니다.'})).status).toBe(
      404,
    )
    expect((await answer(admin, request.id, {answer: ''})).status).toBe(400)

    const answered = await answer(admin, request.id, {
      answer: '상담 기록에 남아 있던 이메일 주소를 지웠습니다.',
    })
    expect(answered.status).toBe(200)
    expect(await answered.json()).toMatchObject({
      texted: true,
      item: {status: 'answered', phone: null},
    })
    const [text] = await sql()<{recipient: string; body: string; status: string}>`
      SELECT recipient, body, status FROM text_messages WHERE kind = 'request-answer'`
    expect(text).toMatchObject({recipient: PHONE, status: 'kept'})
    expect(text!.body).toMatch(
      /^\[시험 단지\] 요청하신 개인정보 관련 문의\(다른 경로로 제공한 정보\)에 답변드립니다\.\n상담 기록에 남아 있던 이메일 주소를 지웠습니다\.\n내 정보 확인·삭제: http/,
    )
    const again = await answer(admin, request.id, {answer: '한 번 더'})
    expect(again.status).toBe(409)
    expect(await errorOf(again)).toBe('이미 답변한 요청입니다.')
    // The visitor's page shows the answer; the request no longer keeps the number.
    const shown = (await (
      await call(createDataHandler(deps()), '/api/visitor/data', {token})
    ).json()) as VisitorData
    expect(shown.requests.find((one) => one.kind === 'other-channel')).toMatchObject({
      status: 'answered',
      answer: '상담 기록에 남아 있던 이메일 주소를 지웠습니다.',
    })
    expect(await sql()`SELECT phone FROM visitor_requests WHERE kind = 'other-channel'`).toEqual([
      {phone: null},
    ])
  })

  it('erasing everything closes the open requests without their number or words', async () => {
    await register()
    const token = await signIn()
    const made = await ask(token, {kind: 'other', body: '제 정보가 어디에 쓰였는지 알려 주세요.'})
    const {request} = (await made.json()) as {request: {id: number}}
    expect(
      (await call(createEraseHandler(deps()), '/api/visitor/erase', {token, body: {}})).status,
    ).toBe(200)
    expect(
      await sql()`SELECT status, phone, body FROM visitor_requests WHERE id = ${request.id}`,
    ).toEqual([{status: 'closed', phone: null, body: null}])
    const closed = await answer(await mintAdminToken(), request.id, {answer: '답변'})
    expect(closed.status).toBe(409)
    expect(await errorOf(closed)).toBe('방문객이 정보를 모두 삭제해 종료된 요청입니다.')
  })
  forEachDatabase('at the same moment', () => {
    it('two staff answering at once give one answer and one text', async () => {
      await register()
      const token = await signIn()
      const made = await ask(token, {kind: 'objection', body: '광고 문자 그만 받고 싶습니다.'})
      const {request} = (await made.json()) as {request: {id: number}}
      const admin = await mintAdminToken()
      const answers = await Promise.all([
        answer(admin, request.id, {answer: '첫 번째 답변'}),
        answer(admin, request.id, {answer: '두 번째 답변'}),
      ])
      expect(answers.map((one) => one.status).sort()).toEqual([200, 409])
      expect(
        await sql()`SELECT count(*)::int AS n FROM text_messages WHERE kind = 'request-answer'`,
      ).toEqual([{n: 1}])
    })
  })
})
