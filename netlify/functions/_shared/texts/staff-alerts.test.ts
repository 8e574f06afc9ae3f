import {beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, testSites, validBody} from '../leads/testing.ts'
import {listTextsHandler} from './outbox-list-handler.ts'
import type {OutboxText} from '#shared/texts/outbox-list.ts'
import type {TextContent, TextContentLoader} from './content.ts'
import {runTexts} from './outbox-run.ts'
import {localProvider} from './provider.ts'
import {
  alertLine,
  maskName,
  queueStaffAlerts,
  unalertedLeads,
  UNLISTED_REASON,
} from './staff-alerts.ts'
import {seedTextContent, storedTexts} from './testing.ts'

const MINUTE = 60_000
/** 14:01 in Seoul on Thursday 26 November 2026: a minute into a 5-minute window. */
const AFTERNOON = Date.parse('2026-11-26T05:01:00Z')
/** The end of that window. */
const WINDOW_END = Date.parse('2026-11-26T05:05:00Z')
const DUTY = '010-2000-0001'
const MANAGER = '010-2000-0002'
const BUSAN_DUTY = '010-3000-0001'

/** The seed's content with staff phones: two for daegu, one for busan, none for jeju. */
function contentWith(phones: Record<string, string[]>): TextContentLoader {
  return async (): Promise<TextContent> => {
    const seed = await seedTextContent()
    const daegu = seed.sites.get('daegu')!
    const site = (name: string, slug: string) => ({
      ...daegu,
      name,
      staffPhones: phones[slug] ?? [],
    })
    return {
      ...seed,
      sites: new Map([
        ['daegu', site(daegu.name, 'daegu')],
        ['busan', site('솔담 오션뷰', 'busan')],
      ]),
    }
  }
}
const STAFFED = contentWith({daegu: [DUTY, MANAGER], busan: [BUSAN_DUTY]})

const alerts = async () => (await storedTexts()).filter((text) => text.kind === 'staff-alert')

describe('the alert line', () => {
  it('masks the name but its first and last character', () => {
    expect(maskName('홍길동')).toBe('홍*동')
    expect(maskName('남궁민수')).toBe('남**수')
    expect(maskName('홍길')).toBe('홍*')
    expect(maskName(' 김 ')).toBe('*')
  })

  it('names the entry point as the staff table does, and the booked time when there is one', () => {
    const lead = {id: 'x', site: 'daegu', name: '홍길동', phone: '010-1234-5678'}
    expect(alertLine({...lead, source: 'popup', visitAt: null})).toBe('홍*동 010-1234-5678 · 팝업')
    expect(alertLine({...lead, source: 'home', visitAt: Date.parse('2026-11-29T05:00:00Z')})).toBe(
      '홍*동 010-1234-5678 · 홈 방문예약 · 11월 29일(일) 14:00 방문',
    )
  })
})

describe('alerts to the counsellors on duty', () => {
  withTestDatabase()
  let now: number
  const clock = () => now
  const env = {
    REGISTER_RATE_LIMIT: '0',
    SITE_URL: 'https://soldam.example',
    AUTH_SECRET: 'a'.repeat(48),
  }

  const register = (body: Record<string, unknown> = {}, content = STAFFED) =>
    createRegisterHandler({
      clock,
      sites: testSites(),
      env,
      texts: {content, provider: localProvider},
    })(jsonRequest(validBody(body)), {ip: '203.0.113.9'})
  const run = (content = STAFFED) => runTexts({clock, env, content, provider: localProvider})

  beforeEach(() => {
    now = AFTERNOON
  })

  it('queues one short text per listed phone, due at the end of the 5-minute window', async () => {
    expect((await register()).status).toBe(201)
    const queued = await alerts()
    expect(queued.map((text) => text.recipient).sort()).toEqual([DUTY, MANAGER])
    for (const text of queued) {
      expect(text.body).toBe('[솔담 레이크파크] 새 문의: 홍*동 010-1234-5678 · 팝업')
      expect(text.status).toBe('queued')
      expect(text.next_attempt_at?.getTime()).toBe(WINDOW_END)
    }
    // Not before the window's end; then once, through the same provider as visitors' texts.
    now = WINDOW_END - 1000
    await run()
    expect((await alerts()).map((text) => text.status)).toEqual(['queued', 'queued'])
    now = WINDOW_END
    await run()
    now += MINUTE
    await run()
    expect((await alerts()).map((text) => [text.status, text.attempts])).toEqual([
      ['kept', 1],
      ['kept', 1],
    ])
  })

  it(
    'folds a burst into one text per phone ' + 'per window, the next window starting anew',
    async () => {
      const people = ['홍길동', '김민수', '이서연']
      for (const [i, name] of people.entries()) {
        now = AFTERNOON + i * MINUTE
        await register({name, phone: `010-1234-000${i}`, source: i === 1 ? 'customer' : 'popup'})
      }
      const folded = (await alerts()).filter((text) => text.recipient === DUTY)
      expect(folded.map((text) => text.body)).toEqual([
        '[솔담 레이크파크] 새 문의 3건: 홍*동 010-1234-0000 · 팝업, ' +
          '김*수 010-1234-0001 · 관심고객 등록 외 1건',
      ])
      now = WINDOW_END + MINUTE
      await register({name: '박지훈', phone: '010-1234-0009'})
      const duty = (await alerts()).filter((text) => text.recipient === DUTY)
      expect(duty).toHaveLength(2)
      expect(duty[1]?.body).toBe('[솔담 레이크파크] 새 문의: 박*훈 010-1234-0009 · 팝업')
      expect(duty[1]?.next_attempt_at?.getTime()).toBe(WINDOW_END + 5 * MINUTE)
    },
  )

  it("texts only the lead's own site's phones", async () => {
    await register({site: 'busan'})
    expect((await alerts()).map((text) => [text.recipient, text.body])).toEqual([
      [BUSAN_DUTY, '[솔담 오션뷰] 새 문의: 홍*동 010-1234-5678 · 팝업'],
    ])
  })

  it("shows a site's alerts in 문자 발송함 to that site's staff only", async () => {
    await register()
    await register({site: 'busan', phone: '010-1234-0002'})
    const read = async (token: string) => {
      const response = await listTextsHandler(
        new Request('http://localhost/api/admin/messages', {
          headers: {Authorization: `Bearer ${token}`},
        }),
        {ip: '192.0.2.10'},
      )
      const {items} = (await response.json()) as {items: OutboxText[]}
      return items.filter((item) => item.kind === 'staff-alert').map((item) => item.to)
    }
    const counsellor = await mintAdminToken('busan@example.com', new Date(), ['busan'])
    expect(await read(counsellor)).toEqual([BUSAN_DUTY])
    expect((await read(await mintAdminToken())).sort()).toEqual([DUTY, MANAGER, BUSAN_DUTY])
  })

  it('alerts nobody of spam, nor of a lead whose site lists no phone', async () => {
    await register({website: 'https://spam.example', phone: '010-9999-0000'})
    expect(await storedLeads('spam')).toHaveLength(1)
    await register({}, contentWith({}))
    now = WINDOW_END + MINUTE
    await run()
    expect(await alerts()).toEqual([])
    // The lead without phones counts as alerted: a later list does not text it late.
    expect(await unalertedLeads({since: 0, limit: 10})).toEqual([])
  })

  it('queues a lead missed while the lake was down in the sweep, once', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    await register({}, () => Promise.reject(new Error('the lake is down')))
    quiet.mockRestore()
    expect(await alerts()).toEqual([])
    const [lead] = await storedLeads()
    const visitAt = Date.parse('2026-11-29T05:00:00Z')
    await sql()`INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at,
      changed_at) VALUES (${lead!.id}::uuid, 'daegu', ${new Date(visitAt)}, 'booked', 1,
      ${new Date(now)}, ${new Date(now)})`
    now += MINUTE
    await run()
    await run()
    expect((await alerts()).map((text) => text.body)).toEqual([
      '[솔담 레이크파크] 새 문의: 홍*동 010-1234-5678 · 팝업 · 11월 29일(일) 14:00 방문',
      '[솔담 레이크파크] 새 문의: 홍*동 010-1234-5678 · 팝업 · 11월 29일(일) 14:00 방문',
    ])
  })

  it('waits while the list cannot be read, then sends', async () => {
    await register()
    now = WINDOW_END
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    await run(() => Promise.reject(new Error('the lake is down')))
    quiet.mockRestore()
    expect((await alerts()).map((text) => [text.status, text.last_error])).toEqual([
      ['failed', '현장의 알림 받을 번호를 읽지 못함'],
      ['failed', '현장의 알림 받을 번호를 읽지 못함'],
    ])
    now += 10 * MINUTE
    await run()
    expect((await alerts()).map((text) => text.status)).toEqual(['kept', 'kept'])
  })

  it('never sends to a number the site no longer lists', async () => {
    await register()
    now = WINDOW_END
    await run(contentWith({daegu: [MANAGER]}))
    const byPhone = Object.fromEntries(
      (await alerts()).map((text) => [text.recipient, [text.status, text.last_error]]),
    )
    expect(byPhone).toEqual({[DUTY]: ['cancelled', UNLISTED_REASON], [MANAGER]: ['kept', null]})
  })
})

forEachDatabase('a burst of concurrent registrations', () => {
  it('folds into one text per phone, every lead counted once', async () => {
    const content = await STAFFED()
    const n = 30
    const values = Array.from({length: n}, (_, i) => {
      const phone = `010-5555-${String(i).padStart(4, '0')}`
      return sql()`(gen_random_uuid(), ${`R-${i}`}, ${new Date(AFTERNOON)}, 'daegu', 'popup',
        ${`방문객${i}`}, ${phone}, true, false)`
    })
    for (const value of values)
      await sql()`INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
        marketing_consent) VALUES ${value}`
    const leads = await unalertedLeads({since: 0, limit: n})
    expect(leads).toHaveLength(n)
    // Each lead queued by its own statement at once, plus every lead again (a retry).
    await Promise.all(
      [...leads, ...leads].map((lead, i) =>
        queueStaffAlerts([lead], content, AFTERNOON + (i % 60) * 1000),
      ),
    )
    const queued = await alerts()
    expect(queued.map((text) => text.recipient).sort()).toEqual([DUTY, MANAGER])
    for (const text of queued) expect(text.body).toContain(`새 문의 ${n}건:`)
    const lines = await sql()<{recipient: string; lines: number}>`
      SELECT recipient, jsonb_array_length(variables -> 'lines') AS lines
      FROM text_messages WHERE kind = 'staff-alert'`
    expect(lines.map((row) => row.lines)).toEqual([n, n])
    expect(await unalertedLeads({since: 0, limit: n})).toEqual([])
  })
})
