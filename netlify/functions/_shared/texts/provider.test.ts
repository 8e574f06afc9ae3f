import {createHmac} from 'node:crypto'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {SAMPLE_VALUES} from '#shared/texts/render.ts'
import {solapiProvider, textProviderName, type OutgoingText} from './provider.ts'
import {interceptSolapi, solapiAccepted, solapiNotReceived} from './testing.ts'

const ENV = {
  SOLAPI_API_KEY: 'NCSTESTKEY',
  SOLAPI_API_SECRET: 'test-secret-0123456789',
  SMS_SENDER: '1661-0440',
}
const TEXT: OutgoingText = {
  id: '7f0c1f8e-0000-4000-8000-000000000001',
  kind: 'confirmation',
  to: '010-1234-5678',
  text: '[솔담] 홍길동님 11월 27일(금) 14:00 방문 예약되었습니다.',
  values: SAMPLE_VALUES,
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the text provider in use', () => {
  it('is SMS_PROVIDER in production and locally, local by default', () => {
    expect(textProviderName({})).toBe('local')
    expect(textProviderName({SMS_PROVIDER: 'solapi'})).toBe('solapi')
    expect(textProviderName({SMS_PROVIDER: 'solapi', CONTEXT: 'production'})).toBe('solapi')
    expect(textProviderName({SMS_PROVIDER: 'local', CONTEXT: 'production'})).toBe('local')
  })

  it('is always local on deploy previews and branch deploys', () => {
    for (const context of ['deploy-preview', 'branch-deploy', 'dev'])
      expect(textProviderName({SMS_PROVIDER: 'solapi', CONTEXT: context})).toBe('local')
  })
})

describe('SOLAPI', () => {
  it('sends one message signed with HMAC-SHA256 over date and salt', async () => {
    const calls = interceptSolapi(() => solapiAccepted())
    expect(await solapiProvider(ENV).send(TEXT)).toEqual({
      status: 'sent',
      messageId: 'M4V20261126X',
    })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe('https://api.solapi.com/messages/v4/send-many/detail')
    expect(call?.method).toBe('POST')
    expect(call?.headers.get('content-type')).toBe('application/json')
    const auth = /^HMAC-SHA256 apiKey=(.+), date=(.+), salt=(.+), signature=([0-9a-f]{64})$/.exec(
      call?.headers.get('authorization') ?? '',
    )
    expect(auth?.[1]).toBe(ENV.SOLAPI_API_KEY)
    const [, , date, salt, signature] = auth!
    expect(Math.abs(Date.parse(date!) - Date.now())).toBeLessThan(60_000)
    expect(signature).toBe(
      createHmac('sha256', ENV.SOLAPI_API_SECRET).update(`${date}${salt}`).digest('hex'),
    )
    expect(call?.body.messages).toEqual([{to: '01012345678', from: '16610440', text: TEXT.text}])
  })

  it('sends an AlimTalk with its variables given the channel and the kind’s template', async () => {
    const calls = interceptSolapi(() => solapiAccepted())
    const env = {...ENV, SOLAPI_KAKAO_PF_ID: 'KA01PF', SOLAPI_KAKAO_TEMPLATE_CONFIRMATION: 'KA01TP'}
    expect((await solapiProvider(env).send(TEXT)).status).toBe('sent')
    const [message] = calls[0]?.body.messages as Record<string, unknown>[]
    expect(message).toMatchObject({to: '01012345678', text: TEXT.text})
    expect(message?.kakaoOptions).toMatchObject({
      pfId: 'KA01PF',
      templateId: 'KA01TP',
      variables: {'#{이름}': '홍길동', '#{일시}': SAMPLE_VALUES.일시},
    })
    // Another kind without its template id goes as a plain SMS.
    await solapiProvider(env).send({...TEXT, kind: 'reminder'})
    expect((calls[1]?.body.messages as Record<string, unknown>[])[0]).not.toHaveProperty(
      'kakaoOptions',
    )
    // A kind with a hyphen names its variable with an underscore.
    await solapiProvider({...env, SOLAPI_KAKAO_TEMPLATE_NO_SHOW: 'KA01NS'}).send({
      ...TEXT,
      kind: 'no-show',
    })
    expect((calls[2]?.body.messages as Record<string, unknown>[])[0]?.kakaoOptions).toMatchObject({
      templateId: 'KA01NS',
    })
  })

  it('takes a 4xx about the number as a refusal and keeps its reason', async () => {
    interceptSolapi(() =>
      Response.json(
        {errorCode: 'ValidationError', errorMessage: '수신번호 형식이 올바르지 않습니다.'},
        {status: 400},
      ),
    )
    expect(await solapiProvider(ENV).send(TEXT)).toEqual({
      status: 'refused',
      reason: 'HTTP 400 ValidationError: 수신번호 형식이 올바르지 않습니다.',
    })
  })

  it('takes a message SOLAPI registered as failed as a refusal', async () => {
    interceptSolapi(() => solapiNotReceived('1062', '수신거부'))
    expect(await solapiProvider(ENV).send(TEXT)).toEqual({
      status: 'refused',
      reason: '1062: 수신거부',
    })
  })

  it('takes 5xx answers, rate limits and lost connections as failures to retry', async () => {
    interceptSolapi(() =>
      Response.json({errorCode: 'InternalError', errorMessage: 'oops'}, {status: 500}),
    )
    expect(await solapiProvider(ENV).send(TEXT)).toEqual({
      status: 'failed',
      reason: 'HTTP 500 InternalError: oops',
    })
    const calls = interceptSolapi(() => new Response('busy', {status: 503}))
    expect((await solapiProvider(ENV).send(TEXT)).status).toBe('failed')
    expect(calls.length).toBeGreaterThan(1) // the SDK's own quick retries of a 503
    interceptSolapi(() => new Response('slow down', {status: 429}))
    expect((await solapiProvider(ENV).send(TEXT)).status).toBe('failed')
    interceptSolapi(() => {
      throw new TypeError('fetch failed', {cause: {code: 'ECONNREFUSED'}})
    })
    expect((await solapiProvider(ENV).send(TEXT)).status).toBe('failed')
  })

  it('counts a send with no answer in time as failed', async () => {
    interceptSolapi(() => new Promise<Response>(() => {}))
    expect(await solapiProvider(ENV, 50).send(TEXT)).toEqual({
      status: 'failed',
      reason: '응답 시간 초과',
    })
  })
})
