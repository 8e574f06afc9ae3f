import {describe, expect, it} from 'vitest'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {moveVisit, MOVES_PER_DAY} from '../visits/store.ts'
import {BUDGET_REASON, DAILY_TEXT_BUDGET} from './outbox-rules.ts'
import {runTexts, sendTextsFor} from './outbox-run.ts'
import type {OutgoingText, TextProvider} from './provider.ts'
import {seedTextContent, storedTexts} from './testing.ts'

/*
 * The daily budget of texts per number (migration 0015): whatever queues them, and however
 * many at the same moment, one number gets at most DAILY_TEXT_BUDGET texts in 24 hours;
 * the rest are stored refused with their reason and never handed to the provider.
 */

const HOUR = 60 * 60_000
/** 09:00 in Seoul on Thursday 26 November 2026. */
const NINE_AM = Date.parse('2026-11-26T09:00:00+09:00')
const ENV = {SITE_URL: 'https://soldam.example', AUTH_SECRET: 'a'.repeat(48)}
const VICTIM = '010-7777-0001'

describe('a daily budget of texts per number', () => {
  withTestDatabase()
  let now = NINE_AM
  let handed: OutgoingText[] = []
  const provider: TextProvider = {
    name: 'solapi',
    send: async (text) => {
      handed.push(text)
      return {status: 'sent', messageId: `M-${handed.length}`}
    },
  }
  const deps = {clock: () => now, env: ENV, content: seedTextContent, provider}

  /** `n` leads of one number without a visit (each due an acknowledgement), no texts yet. */
  async function leadsOf(phone: string, n: number, from = 0): Promise<string[]> {
    const ids: string[] = []
    for (let i = from; i < from + n; i++) {
      const [row] = await sql()<{id: string}>`INSERT INTO leads (id, receipt, created_at, site,
        source, name, phone, consent, marketing_consent)
        VALUES (gen_random_uuid(), ${`R-${i}`}, ${new Date(now)}, 'daegu', 'popup',
          ${`방문객${i}`}, ${phone}, true, false)
        RETURNING id`
      ids.push(row!.id)
    }
    return ids
  }

  const textsTo = async (phone: string) =>
    (await storedTexts()).filter((text) => text.recipient === phone)
  const going = (texts: {status: string}[]) =>
    texts.filter((text) => ['queued', 'sent', 'kept', 'failed'].includes(text.status))

  forEachDatabase('at the same moment', () => {
    it('moves a visit at most MOVES_PER_DAY times a day, however many moves race', async () => {
      now = NINE_AM
      const [leadId] = await leadsOf(VICTIM, 1)
      const first = Date.parse('2026-11-28T10:00:00+09:00')
      await sql()`INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at,
        changed_at) VALUES (${leadId}::uuid, 'daegu', ${new Date(first)}, 'booked', 1,
        ${new Date(now)}, ${new Date(now)})`
      // 30 moves at once, each to its own time of the day.
      const results = await Promise.all(
        Array.from({length: 30}, (_, i) =>
          moveVisit(leadId!, {visitAt: first + (i + 1) * 30 * 60_000, capacity: 4}, now, 'test'),
        ),
      )
      expect(results.filter((result) => result === 'moved')).toHaveLength(MOVES_PER_DAY)
      expect(results.filter((result) => result === 'limited')).toHaveLength(30 - MOVES_PER_DAY)
      const [visit] = await sql()<{revision: number}>`SELECT revision FROM visits`
      expect(visit?.revision).toBe(1 + MOVES_PER_DAY)
      // Seats: only the visit's current one is taken.
      const [seats] = await sql()<{
        taken: number
      }>`SELECT sum(booked)::int AS taken FROM visit_slots`
      expect(seats?.taken).toBe(1)
    })

    it('never lets concurrent queues for one number pass its budget', async () => {
      handed = []
      now = NINE_AM
      const ids = await leadsOf(VICTIM, 30)
      // Every lead's texts queued at once, and again by two sweeps (the retries).
      await Promise.all([
        ...ids.map((id) => sendTextsFor(id, deps)),
        runTexts(deps),
        runTexts(deps),
      ])
      const texts = await textsTo(VICTIM)
      expect(texts).toHaveLength(30)
      expect(going(texts)).toHaveLength(DAILY_TEXT_BUDGET)
      const refused = texts.filter((text) => text.status === 'refused')
      expect(refused).toHaveLength(30 - DAILY_TEXT_BUDGET)
      for (const text of refused) expect(text).toMatchObject({last_error: BUDGET_REASON})
      expect(handed.filter((text) => text.to === VICTIM)).toHaveLength(DAILY_TEXT_BUDGET)
      // Refused is final: no later run sends them.
      now += 2 * HOUR
      await runTexts(deps)
      expect(handed.filter((text) => text.to === VICTIM)).toHaveLength(DAILY_TEXT_BUDGET)
    })
  })

  it('counts 24 hours per number: other numbers are untouched, the next day it starts again', async () => {
    handed = []
    now = NINE_AM
    for (const id of await leadsOf(VICTIM, DAILY_TEXT_BUDGET + 2)) await sendTextsFor(id, deps)
    const [other] = await leadsOf('010-7777-0002', 1, 100)
    await sendTextsFor(other!, deps)
    expect(going(await textsTo(VICTIM))).toHaveLength(DAILY_TEXT_BUDGET)
    expect(going(await textsTo('010-7777-0002'))).toHaveLength(1)
    now += 24 * HOUR + 1
    const [tomorrow] = await leadsOf(VICTIM, 1, 200)
    await sendTextsFor(tomorrow!, deps)
    expect(handed.filter((text) => text.to === VICTIM)).toHaveLength(DAILY_TEXT_BUDGET + 1)
  })
})
