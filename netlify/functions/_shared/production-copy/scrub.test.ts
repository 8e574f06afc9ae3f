import {describe, expect, it} from 'vitest'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {
  NotAProductionCopy,
  SCRUB_PLAN,
  SCRUBBED_ANSWER,
  SCRUBBED_NOTE,
  SCRUBBED_REQUEST,
  scrubProductionCopy,
} from './scrub.ts'
import {
  COPIED_LEAD,
  COPIED_PHONE_KEY,
  copyProductionRows,
  everyRow,
  PEOPLE_VALUES,
} from '#tests/helpers/production-copy.ts'

const NOW = Date.parse('2026-11-26T09:30:00+09:00')
const PREVIEW = {CONTEXT: 'deploy-preview'}

describe('the scrub plan', () => {
  withTestDatabase()

  it('names every text-like column of every table, as replaced or kept, or its rows removed', async () => {
    const columns = await sql()<{table: string; column: string}>`
      SELECT c.table_name AS table, c.column_name AS column
      FROM information_schema.columns c JOIN pg_tables t
        ON t.tablename = c.table_name AND t.schemaname = c.table_schema
      WHERE c.table_schema = 'public'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      ORDER BY 1, 2`
    const tables = await sql()<{name: string}>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`
    const plan = SCRUB_PLAN as Record<
      string,
      'removed' | {replaced: readonly string[]; kept: readonly string[]}
    >
    expect(tables.map(({name}) => name).filter((name) => !(name in plan))).toEqual([])
    const unnamed = columns.filter(({table, column}) => {
      const treatment = plan[table]
      return (
        treatment !== 'removed' &&
        !treatment?.replaced.includes(column) &&
        !treatment?.kept.includes(column)
      )
    })
    expect(unnamed).toEqual([])
  })
})

forEachDatabase('the scrub of a production copy', () => {
  it('leaves no copied person anywhere, keeps one person’s rows together and records itself', async () => {
    await copyProductionRows(NOW)
    const before = await everyRow()
    for (const value of PEOPLE_VALUES.slice(0, 3)) expect(before).toContain(value)

    const counts = await scrubProductionCopy(PREVIEW, NOW)

    const after = await everyRow()
    expect(PEOPLE_VALUES.filter((value) => after.includes(value))).toEqual([])
    expect(after).not.toContain(COPIED_PHONE_KEY)
    expect(counts).toMatchObject({
      leads: 3,
      text_messages: 3,
      text_refusals: 1,
      waitlist_entries: 1,
      lead_notes: 1,
      audit_log: 1,
      admin_sessions: 1,
      rate_limits: 1,
      sign_in_guards: 1,
      visitor_codes: 2,
      visitor_requests: 2,
    })
    // The two registrations of one number share a stand-in, as do its text and the other
    // number's refusal, waiting-list entry and text.
    const leads = await sql()<{id: string; name: string; phone: string}>`
      SELECT id, name, phone FROM leads ORDER BY receipt`
    expect(leads[0]).toMatchObject({id: COPIED_LEAD, phone: leads[1]!.phone, name: leads[1]!.name})
    expect(new Set(leads.map((lead) => lead.phone)).size).toBe(2)
    for (const lead of leads) expect(lead.phone).toMatch(/^000-\d{4}-\d{4}$/)
    const refused = leads[2]!.phone
    expect(
      await sql()`SELECT phone FROM text_refusals UNION ALL SELECT phone FROM waitlist_entries
        UNION ALL SELECT recipient FROM text_messages WHERE kind = 'acknowledgement'`,
    ).toEqual([{phone: refused}, {phone: refused}, {phone: refused}])
    // Its requests keep their number to answer, and their shared key, as stand-ins.
    const requests = await sql()<{phone: string | null; body: string; answer: string | null}>`
      SELECT phone, body, answer FROM visitor_requests ORDER BY status DESC`
    expect(requests).toEqual([
      {phone: refused, body: SCRUBBED_REQUEST, answer: null},
      {phone: null, body: SCRUBBED_REQUEST, answer: SCRUBBED_ANSWER},
    ])
    expect(await sql()`SELECT count(DISTINCT phone_key)::int AS n FROM visitor_requests`).toEqual([
      {n: 1},
    ])
    expect(await sql()`SELECT count(*)::int AS n FROM visitor_codes`).toEqual([{n: 0}])
    expect(await sql()`SELECT body FROM lead_notes`).toEqual([{body: SCRUBBED_NOTE}])
    expect(await sql()`SELECT context, counts FROM personal_data_scrubs`).toEqual([
      {context: 'deploy-preview', counts},
    ])
  })

  it('gives every stand-in its own value again when it runs a second time', async () => {
    await copyProductionRows(NOW)
    await scrubProductionCopy(PREVIEW, NOW)
    const phones = () => sql()`SELECT id, name, phone FROM leads ORDER BY id`
    const first = await phones()
    // A registration made on the preview itself after the first scrub.
    await sql()`INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
        marketing_consent)
      VALUES (gen_random_uuid(), 'R-20261126-PREV', ${new Date(NOW)}, 'daegu', 'popup',
        '미리보기 시험', '010-1234-5678', true, false)`
    await scrubProductionCopy({CONTEXT: 'branch-deploy'}, NOW + 1000)
    const second = await phones()
    expect(second.filter((row) => first.some((old) => old.id === row.id))).toEqual(first)
    expect(await everyRow()).not.toContain('010-1234-5678')
    expect(await sql()`SELECT count(*)::int AS n FROM personal_data_scrubs`).toEqual([{n: 2}])
  })
})

describe('where the scrub runs', () => {
  withTestDatabase()

  it('refuses production, a local stack and an unset context, and changes nothing', async () => {
    await copyProductionRows(NOW)
    for (const CONTEXT of ['production', 'dev', undefined])
      await expect(scrubProductionCopy({CONTEXT}, NOW)).rejects.toBeInstanceOf(NotAProductionCopy)
    expect(await everyRow()).toContain('김비밀')
    expect(await sql()`SELECT count(*)::int AS n FROM personal_data_scrubs`).toEqual([{n: 0}])
  })
})
