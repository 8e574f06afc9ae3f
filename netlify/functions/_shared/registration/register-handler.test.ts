import {createServer} from 'node:http'
import {createServer as createTcpServer, type AddressInfo, type Socket} from 'node:net'
import {beforeEach, describe, expect, it} from 'vitest'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler, type RegisterDeps} from './register-handler.ts'
import {localProvider} from '../texts/provider.ts'
import {runTexts} from '../texts/outbox-run.ts'
import {seedTextContent, storedTexts} from '../texts/testing.ts'
import {SiteDirectory} from '../leads/sites.ts'
import {
  DELIVERY_TIMEOUT_MS,
  formRequest,
  jsonRequest,
  storedLeads,
  TEST_PHONE,
  testSites,
  useLeadTestServices,
  validBody,
} from '../leads/testing.ts'

/** A port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const NOON_IN_SEOUL = Date.parse('2026-11-21T03:00:00Z')
const context = {ip: '203.0.113.7'}

describe('POST /api/register', () => {
  const service = useLeadTestServices()
  let now: number
  const handler = (deps: Partial<RegisterDeps> = {}, env: Record<string, string> = {}) =>
    createRegisterHandler({
      clock: () => now,
      sites: testSites(),
      env: {
        FORM_FORWARD_URL: `${service.url}/leads`,
        REGISTER_RATE_LIMIT: '1000',
        // The texts' links are signed with it.
        AUTH_SECRET: TEST_AUTH_SECRET,
        ...env,
      },
      deliveryTimeoutMs: DELIVERY_TIMEOUT_MS,
      texts: {content: seedTextContent, provider: localProvider},
      ...deps,
    })

  // The default limits: no REGISTER_RATE_LIMIT or REGISTER_PHONE_DAILY_LIMIT.
  const defaults = () =>
    handler({env: {FORM_FORWARD_URL: `${service.url}/leads`, AUTH_SECRET: TEST_AUTH_SECRET}})

  beforeEach(() => {
    now = NOON_IN_SEOUL
  })

  describe('a valid registration', () => {
    it('is stored and held, never forwarded, on a deploy preview', async () => {
      const response = await handler({}, {CONTEXT: 'deploy-preview'})(
        jsonRequest(validBody()),
        context,
      )
      expect(response.status).toBe(201)
      const [lead] = await storedLeads()
      expect(lead?.delivery).toEqual({status: 'preview-held', attempts: 0})
      expect(service.requests()).toBe(0)
    })

    it(
      'is stored, forwarded with its id as ' + 'Idempotency-Key, and answered 201 with a receipt',
      async () => {
        const response = await handler()(
          jsonRequest(
            validBody({
              message: '  84A 타입 문의  ',
              email: 'a@example.com',
              visitDate: '2026-11-21',
              site: 'busan',
              marketingConsent: true,
            }),
          ),
          context,
        )
        expect(response.status).toBe(201)
        const body = (await response.json()) as {ok: boolean; receipt: string}
        expect(body).toEqual({
          ok: true,
          receipt: expect.stringMatching(/^R-20261121-[2-9A-HJ-NP-Z]{4}$/),
        })
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')

        const [lead, ...others] = await storedLeads()
        expect(others).toHaveLength(0)
        expect(lead).toMatchObject({
          receipt: body.receipt,
          name: '홍길동',
          phone: '010-1234-5678',
          message: '84A 타입 문의',
          consent: true,
          marketingConsent: true,
          source: 'popup',
          site: 'busan',
          createdAt: '2026-11-21T03:00:00.000Z',
          delivery: {status: 'delivered', attempts: 1, deliveredAt: '2026-11-21T03:00:00.000Z'},
        })
        expect(service.received).toEqual([
          expect.objectContaining({
            id: lead!.id,
            idempotencyKey: lead!.id,
            receipt: body.receipt,
            phone: '010-1234-5678',
            site: 'busan',
          }),
        ])
        expect(service.received[0]).not.toHaveProperty('delivery')
        // No form asks for an e-mail or a wished date: neither is stored, and the forwarded
        // body keeps the service's keys empty (no visit was booked).
        expect(lead).not.toHaveProperty('email')
        expect(lead).not.toHaveProperty('visitDate')
        expect(service.received[0]).toMatchObject({email: '', visitDate: ''})
      },
    )

    it('goes to the default site when the form names none', async () => {
      await handler()(jsonRequest(validBody()), context)
      expect((await storedLeads())[0]?.site).toBe('daegu')
    })

    it('is kept as not-configured and not forwarded without FORM_FORWARD_URL', async () => {
      const response = await handler({}, {FORM_FORWARD_URL: ''})(jsonRequest(validBody()), context)
      expect(response.status).toBe(201)
      expect((await storedLeads())[0]?.delivery).toEqual({
        status: 'not-configured',
        attempts: 0,
        nextAttemptAt: '2026-11-21T03:00:00.000Z',
      })
      expect(service.requests()).toBe(0)
    })

    it('is stored and answered 201 even when the forwarding service refuses it', async () => {
      service.setMode('fail')
      const response = await handler()(jsonRequest(validBody()), context)
      expect(response.status).toBe(201)
      expect((await storedLeads())[0]?.delivery).toEqual({
        status: 'failed',
        attempts: 1,
        lastAttemptAt: '2026-11-21T03:00:00.000Z',
        lastError: 'HTTP 500',
        nextAttemptAt: '2026-11-21T03:01:00.000Z',
      })
    })

    it('does not keep the visitor waiting past the forwarding timeout', async () => {
      // The service answers only after 6 s: a 201 with one attempt ended by the timeout is
      // an answer that did not wait for it.
      service.setMode('slow')
      const response = await handler({deliveryTimeoutMs: 300})(jsonRequest(validBody()), context)
      expect(response.status).toBe(201)
      expect((await storedLeads())[0]?.delivery).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: '응답 시간 초과',
      })
    })

    it('records a refused connection as a failed attempt', async () => {
      service.setMode('down')
      await handler()(jsonRequest(validBody()), context)
      expect((await storedLeads())[0]?.delivery).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: expect.stringMatching(/^연결 실패/),
      })
    })
  })

  describe('validation', () => {
    async function fieldsOf(body: unknown): Promise<Record<string, string>> {
      const response = await handler()(jsonRequest(body), context)
      expect(response.status).toBe(400)
      const answer = (await response.json()) as {
        ok: boolean
        error: string
        fields: Record<string, string>
      }
      expect(answer.ok).toBe(false)
      expect(answer.error).toBe('입력 내용을 확인해 주세요.')
      return answer.fields
    }

    it('names every wrong field once, in Korean, and stores nothing', async () => {
      const fields = await fieldsOf({
        phone: '010-123',
        consent: false,
        source: 'fax',
      })
      expect(fields).toEqual({
        name: '이름을 입력해 주세요.',
        phone: '연락처 형식을 확인해 주세요. 예) 010-1234-5678',
        consent: '[필수] 개인정보 수집 및 이용에 동의해 주세요.',
        source: '접수 경로가 올바르지 않습니다.',
      })
      expect(await storedLeads()).toEqual([])
      expect(service.requests()).toBe(0)
    })

    it('takes names of 1 to 30 characters after trimming', async () => {
      expect(await fieldsOf(validBody({name: '   '}))).toEqual({name: '이름을 입력해 주세요.'})
      expect(await fieldsOf(validBody({name: '가'.repeat(31)}))).toEqual({
        name: '이름은 30자 이내로 입력해 주세요.',
      })
      const ok = await handler()(jsonRequest(validBody({name: ` ${'가'.repeat(30)} `})), context)
      expect(ok.status).toBe(201)
    })

    it('refuses a name carrying an address or invisible marks, and stores nothing', async () => {
      for (const name of [
        '환급 확인 https://bit.ly/3AbCd 고객',
        '홍\u202E길동',
        '홍\u200B\u200B길동',
      ])
        expect(await fieldsOf(validBody({name}))).toEqual({
          name: '이름에는 인터넷 주소, 긴 숫자, 보이지 않는 특수 문자를 넣을 수 없습니다. 이름만 입력해 주세요.',
        })
      expect(await storedLeads()).toEqual([])
      const ok = await handler()(jsonRequest(validBody({name: 'Mary-Jane 김·이'})), context)
      expect(ok.status).toBe(201)
    })

    it('takes messages up to 1,000 characters', async () => {
      expect(await fieldsOf(validBody({message: '가'.repeat(1001)}))).toEqual({
        message: '문의 내용은 1,000자 이내로 입력해 주세요.',
      })
      expect(
        (await handler()(jsonRequest(validBody({message: '가'.repeat(1000)})), context)).status,
      ).toBe(201)
    })

    it('requires a phone number and consent that is literally true', async () => {
      expect(await fieldsOf(validBody({phone: undefined, consent: 'true'}))).toEqual({
        phone: '연락처를 입력해 주세요.',
        consent: '[필수] 개인정보 수집 및 이용에 동의해 주세요.',
      })
    })

    it('neither refuses nor stores an e-mail or a wished date, which no form asks for', async () => {
      for (const extra of [
        {email: 'a@example.com', visitDate: '2026-11-22'},
        {email: 'nope', visitDate: '2026-02-30'},
      ]) {
        const response = await handler()(jsonRequest(validBody(extra)), context)
        expect(response.status).toBe(201)
      }
      const stored = await storedLeads()
      expect(stored).toHaveLength(2)
      for (const lead of stored) {
        expect(lead).not.toHaveProperty('email')
        expect(lead).not.toHaveProperty('visitDate')
      }
      const columns = await sql()<{email: string | null; visit_date: string | null}>`
        SELECT email, visit_date::text FROM leads`
      expect(columns).toEqual([
        {email: null, visit_date: null},
        {email: null, visit_date: null},
      ])
    })

    it('refuses a site that does not exist', async () => {
      expect(await fieldsOf(validBody({site: 'seoul'}))).toEqual({
        site: '존재하지 않는 현장입니다.',
      })
      expect(await fieldsOf(validBody({site: '../admin'}))).toEqual({
        site: '존재하지 않는 현장입니다.',
      })
    })

    it('answers 400 for a body that is not a JSON object', async () => {
      for (const body of ['{"name":', '[1,2]', 'null']) {
        const response = await handler()(jsonRequest(body), context)
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({ok: false, error: '요청 형식이 올바르지 않습니다.'})
      }
    })
  })

  describe('requests it does not take', () => {
    it('answers 405 to other methods', async () => {
      const response = await handler()(new Request('http://localhost/api/register'), context)
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
    })

    it('answers 415 to other content types', async () => {
      const request = new Request('http://localhost/api/register', {
        method: 'POST',
        headers: {'Content-Type': 'text/plain'},
        body: 'hi',
      })
      const response = await handler()(request, context)
      expect(response.status).toBe(415)
      expect(((await response.json()) as {error: string}).error).toMatch(/JSON/)
    })

    it('answers 413 past 16 KB', async () => {
      const response = await handler()(
        jsonRequest(validBody({message: 'x'.repeat(17 * 1024)})),
        context,
      )
      expect(response.status).toBe(413)
      expect(await storedLeads()).toEqual([])
    })

    it(
      'answers 429 past REGISTER_RATE_LIMIT per ' + 'visitor in 10 minutes, saying when to retry',
      async () => {
        const limited = handler({}, {REGISTER_RATE_LIMIT: '2'})
        now = Date.parse('2026-11-21T03:02:00Z') // 8 minutes before the window ends
        expect((await limited(jsonRequest(validBody()), context)).status).toBe(201)
        expect((await limited(jsonRequest(validBody()), context)).status).toBe(201)
        const refused = await limited(jsonRequest(validBody()), context)
        expect(refused.status).toBe(429)
        expect(refused.headers.get('retry-after')).toBe('480')
        expect(await refused.json()).toEqual({
          ok: false,
          error:
            '등록 요청이 너무 많습니다. 8분 후에 다시 시도하시거나 대표번호(1661-0440)으로 전화해 주세요.',
        })
        expect((await limited(jsonRequest(validBody()), {ip: '198.51.100.1'})).status).toBe(201)
        now += 8 * 60_000
        expect((await limited(jsonRequest(validBody()), context)).status).toBe(201)
      },
    )
  })

  describe('limits by person', () => {
    it('registers 50 different numbers from one address within 10 minutes', async () => {
      const register = defaults()
      const statuses = []
      for (let i = 0; i < 50; i++) {
        now = NOON_IN_SEOUL + i * 10_000
        const phone = `010-5555-${String(i).padStart(4, '0')}`
        statuses.push((await register(jsonRequest(validBody({phone})), context)).status)
      }
      expect(statuses).toEqual(statuses.map(() => 201))
      expect(await storedLeads()).toHaveLength(50)
    })

    it('tells a visitor past the address ceiling the wait in seconds under a minute', async () => {
      const register = handler({}, {REGISTER_RATE_LIMIT: '1'})
      now = Date.parse('2026-11-21T03:09:15Z') // 45 s before the window ends
      await register(jsonRequest(validBody()), context)
      const refused = await register(jsonRequest(validBody()), context)
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as {error: string}).error).toBe(
        '등록 요청이 너무 많습니다. 45초 후에 다시 시도하시거나 대표번호(1661-0440)으로 전화해 주세요.',
      )
    })
  })

  forEachDatabase('the daily registrations of one number', () => {
    it(
      'stores one number from 15 addresses in 5 spellings, ' +
        'but texts it 3 times a day and marks the rest for the staff',
      async () => {
        const register = defaults()
        const spellings = [
          '010-3333-4444',
          '01033334444',
          '010 3333 4444',
          '+82 10-3333-4444',
          '(010)3333-4444',
        ]
        const answers = await Promise.all(
          Array.from({length: 15}, (_, i) =>
            register(jsonRequest(validBody({phone: spellings[i % 5]})), {
              ip: `198.51.100.${i + 1}`,
            }),
          ),
        )
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
        const leads = await storedLeads()
        expect(leads).toHaveLength(15)
        expect(leads.filter((lead) => lead.textsWithheld === 'phone-limit')).toHaveLength(12)
        // Forwarded all the same: nothing accepted is lost.
        expect(service.received).toHaveLength(15)
        // The texts' sweep does not send what the registration withheld.
        await runTexts({
          clock: () => now,
          env: {AUTH_SECRET: TEST_AUTH_SECRET},
          content: seedTextContent,
          provider: localProvider,
        })
        const texts = (await storedTexts()).filter((text) => text.recipient === '010-3333-4444')
        expect(texts.map((text) => text.kind)).toEqual([
          'acknowledgement',
          'acknowledgement',
          'acknowledgement',
        ])
        // Another site, or the next day, has a budget of its own.
        now += 1000
        expect(
          (await register(jsonRequest(validBody({phone: spellings[0], site: 'busan'})), context))
            .status,
        ).toBe(201)
        now += 24 * 60 * 60_000
        expect(
          (await register(jsonRequest(validBody({phone: spellings[0]})), context)).status,
        ).toBe(201)
        const later = await storedLeads()
        expect(later.slice(0, 2).map((lead) => lead.textsWithheld)).toEqual([undefined, undefined])
      },
    )
  })

  describe('Idempotency-Key', () => {
    it(
      'answers a repeated key and body with the ' + 'first receipt and makes no second lead',
      async () => {
        const register = handler()
        const first = (await (
          await register(jsonRequest(validBody(), {'Idempotency-Key': 'form-1'}), context)
        ).json()) as {receipt: string}
        // The same form sent again, written differently (spaces, the phone's hyphens, key order).
        const resent = validBody({name: ' 홍길동 ', phone: '010-1234-5678'})
        const again = await register(
          jsonRequest(Object.fromEntries(Object.entries(resent).reverse()), {
            'Idempotency-Key': 'form-1',
          }),
          context,
        )
        expect(again.status).toBe(201)
        expect(await again.json()).toEqual({ok: true, receipt: first.receipt})
        expect(await storedLeads()).toHaveLength(1)
        expect(service.received).toHaveLength(1)
      },
    )

    it('keeps different keys apart', async () => {
      const register = handler()
      await register(jsonRequest(validBody(), {'Idempotency-Key': 'a'}), context)
      await register(jsonRequest(validBody(), {'Idempotency-Key': 'b'}), context)
      expect(await storedLeads()).toHaveLength(2)
    })

    it(
      'refuses a repeated key with another body: ' + '422 in Korean, no receipt, nothing stored',
      async () => {
        const register = handler()
        await register(jsonRequest(validBody(), {'Idempotency-Key': 'form-2'}), context)
        const other = await register(
          jsonRequest(validBody({name: '김철수'}), {'Idempotency-Key': 'form-2'}),
          context,
        )
        expect(other.status).toBe(422)
        expect(await other.json()).toEqual({
          ok: false,
          error:
            '이 요청 키로 다른 내용이 이미 접수되었습니다. 페이지를 새로 고친 뒤 다시 보내 주세요.',
        })
        expect((await storedLeads()).map((lead) => lead.name)).toEqual([validBody().name])
        expect(service.received).toHaveLength(1)
      },
    )
  })

  forEachDatabase('Idempotency-Key under concurrency', () => {
    it('makes one lead of many concurrent submissions with the same key', async () => {
      const register = handler()
      const answers = await Promise.all(
        Array.from({length: 8}, () =>
          register(jsonRequest(validBody(), {'Idempotency-Key': 'double-click'}), context),
        ),
      )
      const receipts = await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as {receipt: string}).receipt),
      )
      expect(new Set(receipts).size).toBe(1)
      expect(await storedLeads()).toHaveLength(1)
      expect(service.received).toHaveLength(1)
    })
  })

  describe('spam', () => {
    it('answers a filled honeypot like a success, keeps it apart and never forwards it', async () => {
      const response = await handler()(
        jsonRequest(validBody({website: 'http://spam.example'})),
        context,
      )
      expect(response.status).toBe(201)
      expect(await response.json()).toEqual({
        ok: true,
        receipt: expect.stringMatching(/^R-20261121-/),
      })
      expect(await storedLeads()).toEqual([])
      expect(await storedLeads('spam')).toEqual([
        expect.objectContaining({spam: 'honeypot', delivery: {status: 'held', attempts: 0}}),
      ])
      expect(service.requests()).toBe(0)
    })

    it('keeps a form sent within 3 seconds as a person’s, forwarded, texted and flagged for the staff', async () => {
      const response = await handler()(jsonRequest(validBody({fillMs: 1200})), context)
      expect(response.status).toBe(201)
      const [lead] = await storedLeads()
      expect(lead).toMatchObject({doubt: 'too-fast'})
      expect(lead?.spam).toBeUndefined()
      expect(await storedLeads('spam')).toEqual([])
      expect(service.received).toHaveLength(1)
      expect((await storedTexts()).map((text) => text.kind)).toEqual(['acknowledgement'])
      // A person's pace raises no doubt.
      await handler()(jsonRequest(validBody({fillMs: 3000, phone: '010-2222-3333'})), context)
      expect((await storedLeads()).filter((stored) => stored.doubt)).toHaveLength(1)
    })
  })

  describe('the home form without JavaScript', () => {
    const fields = {name: '홍길동', phone: '010-1234-5678', message: '방문 예약', consent: 'on'}

    it('redirects 303 to the result page with the receipt', async () => {
      const response = await handler()(formRequest(fields), context)
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get('location')!, 'http://localhost')
      expect(location.pathname).toBe('/registration/result')
      expect(location.searchParams.get('status')).toBe('accepted')
      const [lead] = await storedLeads()
      expect(location.searchParams.get('receipt')).toBe(lead!.receipt)
      expect(lead).toMatchObject({
        source: 'home',
        site: 'daegu',
        message: '방문 예약',
        marketingConsent: false,
      })
    })

    it('redirects with error codes only, never the input', async () => {
      const response = await handler()(
        formRequest({name: '<script>alert(1)</script>'.repeat(3), phone: '12345'}),
        context,
      )
      expect(response.status).toBe(303)
      const location = response.headers.get('location')!
      expect(location).toBe(
        '/registration/result?status=invalid&name=tooLong&phone=invalid&consent=required',
      )
      expect(await storedLeads()).toEqual([])
    })

    it('holds a filled honeypot apart while answering like a success', async () => {
      const response = await handler()(formRequest({...fields, website: 'x'}), context)
      expect(response.headers.get('location')).toMatch(
        /^\/registration\/result\?status=accepted&receipt=R-/,
      )
      expect(await storedLeads('spam')).toHaveLength(1)
    })

    it('redirects with the wait when rate limited', async () => {
      const limited = handler({}, {REGISTER_RATE_LIMIT: '1'})
      await limited(formRequest(fields), context)
      const response = await limited(formRequest(fields), context)
      expect(response.headers.get('location')).toBe(
        '/registration/result?status=limited&retryAfter=600',
      )
    })
  })

  describe('when the database is down', () => {
    it('answers 503 with the phone number to call', async () => {
      const saved = process.env.NETLIFY_DB_URL
      process.env.NETLIFY_DB_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`
      try {
        const response = await handler()(jsonRequest(validBody()), context)
        expect(response.status).toBe(503)
        expect(((await response.json()) as {error: string}).error).toContain(TEST_PHONE)
        const form = await handler()(
          formRequest({name: '홍길동', phone: '01012345678', consent: 'on'}),
          context,
        )
        expect(form.headers.get('location')).toBe('/registration/result?status=unavailable')
      } finally {
        process.env.NETLIFY_DB_URL = saved
      }
      expect(await storedLeads()).toEqual([])
    })

    it(
      'answers 503 within seconds when the database ' + 'takes the connection and never answers',
      async () => {
        const sockets = new Set<Socket>()
        const tcp = createTcpServer((socket) => sockets.add(socket))
        await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
        const saved = process.env.NETLIFY_DB_URL
        process.env.NETLIFY_DB_URL =
          'postgres://postgres@127.0.0.1:' + `${(tcp.address() as AddressInfo).port}/postgres`
        try {
          const response = await handler()(jsonRequest(validBody()), context)
          expect(response.status).toBe(503)
          expect(((await response.json()) as {error: string}).error).toContain(TEST_PHONE)
        } finally {
          process.env.NETLIFY_DB_URL = saved
          for (const socket of sockets) socket.destroy()
          tcp.close()
        }
      },
      20_000,
    )

    it(
      'writes nothing at all when any part of the ' +
        'registration fails: no lead without its delivery row',
      async () => {
        const s = sql()
        await s`CREATE FUNCTION refuse_delivery() RETURNS trigger LANGUAGE plpgsql
          AS $$ BEGIN RAISE EXCEPTION 'delivery table unavailable'; END $$`
        await s`CREATE TRIGGER refuse_delivery BEFORE INSERT ON lead_deliveries
          FOR EACH ROW EXECUTE FUNCTION refuse_delivery()`
        try {
          const response = await handler()(jsonRequest(validBody()), context)
          expect(response.status).toBe(503)
          expect(((await response.json()) as {error: string}).error).toContain(TEST_PHONE)
          expect(await s`SELECT id FROM leads`).toEqual([])
        } finally {
          await s`DROP TRIGGER refuse_delivery ON lead_deliveries`
          await s`DROP FUNCTION refuse_delivery()`
        }
        expect(service.requests()).toBe(0)
      },
    )
  })

  describe('what a visitor types', () => {
    it(
      'is stored literally: quotes, SQL, markup ' + 'and formula characters in every field',
      async () => {
        const typed = {
          name: `'); DROP TABLE leads;--`,
          message: `=HYPERLINK("http://evil","x") \\ % _ ' " <b>굵게</b>\n두 번째 줄`,
          attribution: {
            utmSource: "naver'--",
            utmMedium: '@cpc',
            utmCampaign: '가을_분양 %50',
            utmTerm: '+84"A"',
            utmContent: '-banner',
            landingPath: "/FloorPlan/84A?x='1'",
            referrerHost: 'm.search.naver.com',
          },
        }
        const response = await handler()(jsonRequest(validBody(typed)), context)
        expect(response.status).toBe(201)
        const [lead] = await storedLeads()
        expect(lead).toMatchObject(typed)
        expect((await sql()`SELECT count(*)::int AS n FROM leads`)[0]).toEqual({n: 1})
      },
    )

    it('loses control characters, which no one can see, and keeps the rest', async () => {
      await handler()(
        jsonRequest(
          validBody({
            name: '홍\u0000길\u0007동',
            message: '첫 줄\r\n둘째\u001b 줄',
            attribution: {utmCampaign: 'a\u0000b'},
          }),
        ),
        context,
      )
      const [lead] = await storedLeads()
      expect(lead).toMatchObject({
        name: '홍길동',
        message: '첫 줄\n둘째 줄',
        attribution: {utmCampaign: 'ab'},
      })
    })
  })

  describe('attribution', () => {
    it(
      'records the campaign, the landing page ' + 'and the referring host, and forwards them',
      async () => {
        const attribution = {
          utmSource: 'naver',
          utmMedium: 'cpc',
          utmCampaign: '2026-가을-분양',
          utmTerm: '대구 아파트',
          utmContent: 'banner-a',
          landingPath: '/FloorPlan/84A',
          referrerHost: 'search.naver.com',
        }
        await handler()(jsonRequest(validBody({attribution})), context)
        expect((await storedLeads())[0]?.attribution).toEqual(attribution)
        expect(service.received[0]?.attribution).toEqual(attribution)
      },
    )

    it('never costs a lead: a wrong shape is left out and a long value is cut', async () => {
      const response = await handler()(
        jsonRequest(
          validBody({
            attribution: {
              utmSource: 42,
              utmCampaign: '가'.repeat(500),
              landingPath: 'no-slash',
              referrerHost: 'not a host',
              utmTerm: '   ',
            },
          }),
        ),
        context,
      )
      expect(response.status).toBe(201)
      expect((await storedLeads())[0]?.attribution).toEqual({utmCampaign: '가'.repeat(200)})
      now += 1000
      expect(
        (await handler()(jsonRequest(validBody({attribution: 'utm_source=x'})), context)).status,
      ).toBe(201)
      expect((await storedLeads())[0]?.attribution).toEqual({})
    })

    it('keeps the version of the consent text a visitor agreed to', async () => {
      await handler()(jsonRequest(validBody({consentVersion: '2026-11-20T09:15:00Z'})), context)
      expect((await storedLeads())[0]?.consentVersion).toBe('2026-11-20T09:15:00Z')
      now += 1000
      await handler()(jsonRequest(validBody({consentVersion: '<script>'})), context)
      expect((await storedLeads())[0]?.consentVersion).toBeUndefined()
    })
  })

  describe('when the Content Lake cannot be read', () => {
    it('still takes the lead for a well-formed site', async () => {
      const broken = new SiteDirectory(async () => {
        throw new Error('lake down')
      })
      const response = await handler({sites: broken})(
        jsonRequest(validBody({site: 'busan'})),
        context,
      )
      expect(response.status).toBe(201)
      expect((await storedLeads())[0]?.site).toBe('busan')
    })
  })
})
