import {beforeEach, describe, expect, it} from 'vitest'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {ADVERT_PREFIX} from '#shared/texts/render.ts'
import {sql} from '../database.ts'
import {withdrawConsent} from '../visits/store.ts'
import {consentReminderText, remindConsents} from './consent-reminders.ts'
import {claimDueTexts} from './outbox-statements.ts'
import type {OutgoingText, TextProvider} from './provider.ts'
import {seedTextContent} from './testing.ts'

const DAY = 24 * 60 * 60_000
/** The owner confirmed the consent at 14:00 in Seoul on Sunday 1 December 2024. */
const CONFIRMED = Date.parse('2024-12-01T14:00:00+09:00')
/** 30 days before the consent's second anniversary, at 10:00 in Seoul (the job's hour). */
const DUE = Date.parse('2026-11-01T10:00:00+09:00')
const ENV = {SITE_URL: 'https://soldam.example', AUTH_SECRET: 'a'.repeat(48)}
const LEAD = '7f0c1f8e-0000-4000-8000-0000000c0501'

interface ReminderRow {
  lead_id: string
  revision: number
  recipient: string
  body: string
  status: string
  next_attempt_at: Date | null
}

const reminders = () => sql()<ReminderRow>`
  SELECT lead_id, revision, recipient, body, status, next_attempt_at FROM text_messages
  WHERE kind = 'consent-reminder' ORDER BY lead_id, revision`

let serial = 0
/** A lead of `phone` whose marketing consent its owner confirmed at `confirmedAt`. */
async function consentingLead(
  phone: string,
  {confirmedAt = CONFIRMED as number | null, id = crypto.randomUUID(), spam = false} = {},
): Promise<string> {
  serial += 1
  await sql()`INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
      marketing_consent, marketing_confirmed_at, marketing_confirmed_via, spam_reason)
    VALUES (${id}, ${`R-20241201-${String(serial).padStart(4, '0')}`},
      ${new Date(CONFIRMED - 60_000)}, 'daegu', 'popup', '홍길동', ${phone}, true, true,
      ${confirmedAt === null ? null : new Date(confirmedAt)},
      ${confirmedAt === null ? null : 'link'}, ${spam ? 'honeypot' : null})`
  return id
}

describe('the reminder of a marketing consent', () => {
  withTestDatabase()
  let handed: OutgoingText[]
  const provider: TextProvider = {
    name: 'local',
    send: async (text) => {
      handed.push(text)
      return {status: 'kept'}
    },
  }
  const run = (now: number) =>
    remindConsents({clock: () => now, env: ENV, content: seedTextContent, provider})

  beforeEach(() => {
    handed = []
  })

  it('goes 30 days before two years of consent, telling when, by whom and how to withdraw', async () => {
    await consentingLead('010-3000-0001', {id: LEAD})
    expect(await run(DUE - DAY)).toEqual({due: 0, sent: 0})
    expect(await run(DUE)).toEqual({due: 1, sent: 1})
    const [row] = await reminders()
    expect(row).toMatchObject({lead_id: LEAD, revision: 1, recipient: '010-3000-0001'})
    expect(row!.status).toBe('kept')
    expect(row!.body).toBe(handed[0]!.text)
    expect(row!.body).toMatch(
      /^\[솔담 레이크파크\] 홍길동님은 2024년 12월 1일에 솔담 레이크파크의 분양 소식·행사 안내 문자\(광고\) 수신에 동의하셨습니다\./,
    )
    expect(row!.body).toContain('무료수신거부 080-500-0440으로 전화하시거나 아래 링크에서')
    expect(row!.body).toMatch(
      /\nhttps:\/\/soldam\.example\/daegu\/visit\/[\w-]{43}\n내 정보 확인·삭제: https:\/\/soldam\.example\/daegu\/my-info\/[\w-]{43}$/,
    )
    // It informs, and advertises nothing.
    expect(row!.body.startsWith(ADVERT_PREFIX)).toBe(false)
  })

  it('goes once per two-year period, however often the job runs', async () => {
    await consentingLead('010-3000-0002', {id: LEAD})
    await run(DUE)
    await run(DUE + 1000)
    await run(DUE + 20 * DAY)
    expect((await reminders()).map((row) => row.revision)).toEqual([1])
    await run(DUE + 2 * 365 * DAY + DAY)
    await run(DUE + 2 * 365 * DAY + 2 * DAY)
    expect((await reminders()).map((row) => row.revision)).toEqual([1, 2])
    expect(handed).toHaveLength(2)
  })

  it('waits out the night: queued at 23:00, it is claimed from 08:00', async () => {
    await consentingLead('010-3000-0003')
    const night = Date.parse('2026-11-01T23:00:00+09:00')
    expect(await run(night)).toEqual({due: 1, sent: 0})
    expect((await reminders())[0]).toMatchObject({
      status: 'queued',
      next_attempt_at: new Date('2026-11-02T08:00:00+09:00'),
    })
    expect(await claimDueTexts(10, Date.parse('2026-11-02T07:59:00+09:00'))).toEqual([])
    const [claimed] = await claimDueTexts(10, Date.parse('2026-11-02T08:00:00+09:00'))
    expect(claimed?.text.kind).toBe('consent-reminder')
  })

  it('goes to nobody whose consent does not stand: unconfirmed, withdrawn, refused or spam', async () => {
    await consentingLead('010-3000-0004', {confirmedAt: null})
    const withdrawn = await consentingLead('010-3000-0005')
    await withdrawConsent(withdrawn, CONFIRMED + DAY, 'registrant')
    await consentingLead('010-3000-0006')
    await sql()`INSERT INTO text_refusals VALUES ('010-3000-0006', ${new Date(CONFIRMED)}, '080', 'SOLAPI 080')`
    await consentingLead('010-3000-0007', {spam: true})
    expect(await run(DUE)).toEqual({due: 0, sent: 0})
    expect(await reminders()).toEqual([])
  })

  it('is cancelled, not sent, when the consent is withdrawn while it waits for the morning', async () => {
    const id = await consentingLead('010-3000-0008')
    await run(Date.parse('2026-11-01T23:00:00+09:00'))
    await withdrawConsent(id, Date.parse('2026-11-02T07:00:00+09:00'), 'registrant')
    expect(await claimDueTexts(10, Date.parse('2026-11-02T08:00:00+09:00'))).toEqual([])
    expect((await reminders())[0]?.status).toBe('cancelled')
  })

  it('names the link alone when the site has no 080 number', () => {
    const text = consentReminderText({
      단지: '솔담 리버파크',
      이름: '김하늘',
      동의일: '2025년 3월 2일',
      무료수신거부: null,
      링크: 'https://soldam.example/x',
    })
    expect(text).toContain('받지 않으시려면 아래 링크에서 언제든 철회하실 수 있습니다.')
  })
})

forEachDatabase('two reminder runs at once', () => {
  it('queue each reminder once', async () => {
    const provider: TextProvider = {name: 'local', send: async () => ({status: 'kept'})}
    for (let i = 0; i < 5; i++) await consentingLead(`010-3100-000${i}`)
    await Promise.all(
      Array.from({length: 4}, () =>
        remindConsents({clock: () => DUE, env: ENV, content: seedTextContent, provider}),
      ),
    )
    expect(
      await sql()`SELECT count(*)::int AS n, count(DISTINCT lead_id)::int AS leads
        FROM text_messages WHERE kind = 'consent-reminder'`,
    ).toEqual([{n: 5, leads: 5}])
  })
})
