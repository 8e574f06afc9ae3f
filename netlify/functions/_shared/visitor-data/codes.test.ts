import {beforeEach, describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {textType} from '#shared/texts/render.ts'
import {CODE_TRIES} from '#shared/visitor-data/contract.ts'
import {sql} from '../database.ts'
import {NOW, OTHER_SITE, SITE, testHouses, useVisitTestServices} from '../visits/testing.ts'
import {visitToken} from '../auth/visit-link.ts'
import {createCodeHandler, createDataHandler, createVerifyHandler} from './handlers.ts'
import {call, lastCode, PHONE, register, signIn, visitorDeps} from './testing.ts'

const MINUTE = 60_000

/** Verification texts stored, oldest first. */
const codeTexts = () =>
  sql()<{recipient: string; body: string; status: string}>`
    SELECT recipient, body, status FROM text_messages WHERE kind = 'verification'
    ORDER BY created_at, revision`

describe('a code texted to the number opens its data', () => {
  useVisitTestServices()
  let now = NOW
  const clock = () => now
  const deps = () => visitorDeps(clock)
  const askCode = (body: unknown, ip?: string) =>
    call(createCodeHandler(deps()), '/api/visitor/code', {body, ...(ip ? {ip} : {})})
  const verify = (body: unknown) => call(createVerifyHandler(deps()), '/api/visitor/verify', {body})
  const errorOf = async (answer: Response) => ((await answer.json()) as {error: string}).error

  it('texts a known number a 6-digit code as one SMS, and answers an unknown one alike', async () => {
    now = NOW
    await register()
    const known = await askCode({site: SITE, phone: '010 2345 6789'})
    const unknown = await askCode({site: SITE, phone: '010-9999-0000'})
    expect(known.status).toBe(202)
    expect(await known.json()).toEqual({ok: true, sentTo: '010-****-6789', expiresInMinutes: 5})
    expect(unknown.status).toBe(202)
    expect(await unknown.json()).toEqual({ok: true, sentTo: '010-****-0000', expiresInMinutes: 5})
    const texts = await codeTexts()
    expect(texts).toHaveLength(1)
    expect(texts[0]).toMatchObject({recipient: PHONE, status: 'kept'})
    expect(texts[0]!.body).toMatch(
      /^\[시험 단지\] 내 정보 확인 인증번호는 \[\d{6}\]입니다\. 5분 안에 입력해 주세요\.$/,
    )
    expect(textType(texts[0]!.body)).toBe('SMS')
    // Each number has a code, so that a wrong code reads the same for both.
    const wrong = {site: SITE, code: '000000'}
    const answers = await Promise.all([
      verify({...wrong, phone: PHONE}),
      verify({...wrong, phone: '010-9999-0000'}),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([400, 400])
    expect(await errorOf(answers[0]!)).toBe(await errorOf(answers[1]!))
  })

  it('opens a session with the right code, once; a wrong, expired or reused code is refused in Korean', async () => {
    now = NOW
    await register()
    await askCode({site: SITE, phone: PHONE})
    const code = await lastCode()
    const wrongCode = code === '123456' ? '654321' : '123456'
    const wrong = await verify({site: SITE, phone: PHONE, code: wrongCode})
    expect(wrong.status).toBe(400)
    expect(await errorOf(wrong)).toBe(
      '인증번호가 맞지 않습니다. 다시 확인해 주세요. (4번 더 입력하실 수 있습니다)',
    )
    const right = await verify({site: SITE, phone: PHONE, code: code.replace(/(\d{3})/, '$1 ')})
    expect(right.status).toBe(200)
    const session = (await right.json()) as {ok: boolean; token: string; expiresAt: string}
    expect(session.expiresAt).toBe(new Date(NOW + 15 * MINUTE).toISOString())
    const reused = await verify({site: SITE, phone: PHONE, code})
    expect(reused.status).toBe(409)
    expect(await errorOf(reused)).toBe('이미 사용한 인증번호입니다. 인증번호를 다시 받아 주세요.')

    await askCode({site: SITE, phone: PHONE})
    now = NOW + 5 * MINUTE
    const expired = await verify({site: SITE, phone: PHONE, code: await lastCode()})
    expect(expired.status).toBe(410)
    expect(await errorOf(expired)).toBe(
      '인증번호 유효 시간(5분)이 지났습니다. 인증번호를 다시 받아 주세요.',
    )
    // The view was recorded once, without the number.
    expect(await sql()`SELECT kind, verified_by, phone, status FROM visitor_requests`).toEqual([
      {kind: 'view', verified_by: 'code-form', phone: null, status: 'done'},
    ])
  })

  it('a newer code replaces the one before', async () => {
    now = NOW
    await register()
    await askCode({site: SITE, phone: PHONE})
    const first = await lastCode()
    await askCode({site: SITE, phone: PHONE})
    const second = await lastCode()
    // Only the latest code counts: the first one is a wrong code now (unless both drew alike).
    if (first !== second)
      expect((await verify({site: SITE, phone: PHONE, code: first})).status).toBe(400)
    expect((await verify({site: SITE, phone: PHONE, code: second})).status).toBe(200)
  })

  it('refuses 20 codes asked for one number past the fifth, in Korean, the earlier code still good', async () => {
    now = NOW
    await register()
    const answers = []
    for (let i = 0; i < 20; i++)
      answers.push(await askCode({site: SITE, phone: PHONE}, `198.51.100.${i + 1}`))
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(5).fill(202),
      ...Array<number>(15).fill(429),
    ])
    expect(answers[5]!.headers.get('retry-after')).toBe(String(60 * 60))
    expect(await errorOf(answers[5]!)).toBe(
      '이 번호로 인증번호를 너무 자주 요청하셨습니다. 1시간 후에 다시 받아 주세요.',
    )
    expect(await codeTexts()).toHaveLength(5)
    expect((await verify({site: SITE, phone: PHONE, code: await lastCode()})).status).toBe(200)
  })

  it('limits the codes one address asks for, whatever the numbers', async () => {
    now = NOW
    const limited = {...deps(), env: {...process.env, VISITOR_CODE_RATE_LIMIT: '3'}}
    const statuses = []
    for (let i = 0; i < 5; i++) {
      const answer = await call(createCodeHandler(limited), '/api/visitor/code', {
        body: {site: SITE, phone: `010-3000-000${i}`},
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429])
  })

  it('sends the code of a visit link to the link’s number; another site’s link is refused', async () => {
    now = NOW
    const {manageUrl} = await register(PHONE, {visitAt: '2026-11-27T10:00:00+09:00'})
    const link = manageUrl.split('/').at(-1)!
    const asked = await askCode({site: SITE, link})
    expect(asked.status).toBe(202)
    expect(await asked.json()).toMatchObject({sentTo: '010-****-6789'})
    const verified = await verify({site: SITE, link, code: await lastCode()})
    expect(verified.status).toBe(200)

    const foreign = await askCode({site: OTHER_SITE, link})
    expect(foreign.status).toBe(404)
    expect(await errorOf(foreign)).toBe(
      '링크를 확인할 수 없습니다. 문자로 받으신 링크를 다시 열어 주세요.',
    )
    const tampered = await askCode({site: SITE, link: `${link.slice(0, -2)}AA`})
    expect(tampered.status).toBe(404)
    const nobody = await askCode({site: SITE, link: visitToken(crypto.randomUUID())})
    expect(nobody.status).toBe(404)
  })

  it('refuses a landline, a malformed number and an unknown site without storing a code', async () => {
    now = NOW
    const answers = await Promise.all([
      askCode({site: SITE, phone: '02-312-4567'}),
      askCode({site: SITE, phone: '12345'}),
      askCode({site: 'nowhere', phone: PHONE}),
      askCode({phone: PHONE}),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 404, 400])
    expect(await Promise.all(answers.map(errorOf))).toEqual([
      '인증번호는 휴대전화로만 받으실 수 있습니다. 일반 전화번호로 등록하셨다면 대표번호로 연락 주세요.',
      '휴대전화 번호 형식을 확인해 주세요. 예) 010-1234-5678',
      '존재하지 않는 현장입니다.',
      '현장을 선택해 주세요.',
    ])
    expect(await sql()`SELECT id FROM visitor_codes`).toEqual([])
  })

  it('opens the data only with a session of this kind: none, tampered, expired or staff’s get a 401', async () => {
    now = NOW
    await register()
    const token = await signIn(PHONE, deps())
    const data = (t?: string) =>
      call(createDataHandler(deps()), '/api/visitor/data', t ? {token: t} : {})
    expect((await data(token)).status).toBe(200)
    const refused = await Promise.all([
      data(),
      data(`${token.slice(0, -3)}abc`),
      data(await mintAdminToken()),
    ])
    expect(refused.map((answer) => answer.status)).toEqual([401, 401, 401])
    expect(await errorOf(refused[0]!)).toBe(
      '본인 확인이 필요합니다. 인증번호를 받아 확인해 주세요.',
    )
    now = NOW + 15 * MINUTE
    const late = await data(token)
    expect(late.status).toBe(401)
    expect(await errorOf(late)).toBe(
      '본인 확인 시간이 지났습니다. 인증번호를 다시 받아 확인해 주세요.',
    )
  })

  forEachDatabase('at once', () => {
    beforeEach(() => {
      now = NOW
    })

    it(`compares at most ${CODE_TRIES} tries of a code, however many arrive at once`, async () => {
      await register()
      await askCode({site: SITE, phone: PHONE})
      const code = await lastCode()
      const guesses = Array.from({length: 30}, (_, i) =>
        String((Number(code) + 1 + i) % 1e6).padStart(6, '0'),
      )
      const answers = await Promise.all(
        guesses.map((guess) => verify({site: SITE, phone: PHONE, code: guess})),
      )
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(CODE_TRIES - 1)
      const [row] = await sql()<{tries: number}>`SELECT tries FROM visitor_codes`
      expect(row!.tries).toBe(CODE_TRIES)
      const after = await verify({site: SITE, phone: PHONE, code})
      expect(after.status).toBe(429)
      expect(await errorOf(after)).toBe(
        '인증번호를 5번 잘못 입력하셨습니다. 인증번호를 다시 받아 주세요.',
      )
    })

    it('100 requests for one number within a minute across the turn of an hour, from 20 addresses at once, text it 5 codes', async () => {
      await register()
      // From 10:59:30 to 11:00:29.4 in Seoul: a window fixed to the hour would let 10 through.
      const start = Date.parse('2026-11-26T10:59:30+09:00')
      // One instance's model houses, as a warm function keeps them: one read of the lake.
      const houses = testHouses()
      const answers = await Promise.all(
        Array.from({length: 100}, (_, i) =>
          call(
            createCodeHandler({
              ...visitorDeps(() => start + i * 600),
              houses,
              env: {...process.env},
            }),
            '/api/visitor/code',
            {body: {site: SITE, phone: PHONE}, ip: `198.51.100.${1 + (i % 20)}`},
          ),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 202)).toHaveLength(5)
      expect(statuses.filter((status) => status === 429)).toHaveLength(95)
      expect(await codeTexts()).toHaveLength(5)
    })
  })
})
