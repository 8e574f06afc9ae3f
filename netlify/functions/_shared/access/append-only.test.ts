import pg from 'pg'
import {describe, expect, it} from 'vitest'
import {forEachDatabase, testDatabaseUrl} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {AUDIT_RETENTION_DAYS, destroyExpired} from '../leads/retention.ts'

/*
 * The access record, its reviews and the audit log keep every row as written: no statement
 * of the application changes or deletes one, but the retention job's deletion of the rows
 * past two years. Proven on the local server and on PostgreSQL, and there as a role without
 * the superuser's rights, as the application connects in production.
 */

const DAY = 24 * 60 * 60 * 1000
const REFUSED = /rows are kept as written/

/** A row of each record `daysAgo` days old, by the database's clock. */
async function rowsOf(daysAgo: number): Promise<void> {
  const s = sql()
  const at = s`now() - make_interval(days => ${daysAgo})`
  await s`INSERT INTO access_log (at, actor, address, task, method, path, status)
    VALUES (${at}, 'a@example.com', '192.0.2.1', '조회', 'GET', '/api/admin/leads', 200)`
  await s`INSERT INTO access_reviews (month, reviewer, at, note)
    VALUES ('2024-10-01', 'a@example.com', ${at}, '이상 없음')`
  await s`INSERT INTO audit_log (at, actor, action) VALUES (${at}, 'a@example.com', 'list')`
}

const RECORDS = ['access_log', 'access_reviews', 'audit_log'] as const

const counts = async () =>
  (
    await sql()<{table: string; n: number}>`
      SELECT 'access_log' AS table, count(*)::int AS n FROM access_log
      UNION ALL SELECT 'access_reviews', count(*)::int FROM access_reviews
      UNION ALL SELECT 'audit_log', count(*)::int FROM audit_log`
  ).map((row) => [row.table, row.n])

forEachDatabase('the records keep their rows', () => {
  it.each(RECORDS)('%s: an UPDATE, a DELETE or a TRUNCATE is refused', async (table) => {
    await rowsOf(1)
    await rowsOf(AUDIT_RETENTION_DAYS + 1)
    const s = sql()
    const name = s.identifier(table)
    expect(await refusal(s`UPDATE ${name} SET at = now()`)).toMatch(REFUSED)
    // An old row may go, but not in one statement with a young one: the statement fails whole.
    expect(await refusal(s`DELETE FROM ${name}`)).toMatch(REFUSED)
    expect(await refusal(s`TRUNCATE ${name}`)).toMatch(REFUSED)
    expect(await counts()).toEqual(RECORDS.map((record) => [record, 2]))
  })

  it('only rows past the retention can be deleted, by the database’s clock', async () => {
    await rowsOf(AUDIT_RETENTION_DAYS - 1)
    await rowsOf(AUDIT_RETENTION_DAYS + 1)
    const s = sql()
    const young = s`now() - make_interval(days => ${AUDIT_RETENTION_DAYS})`
    expect(await refusal(s`DELETE FROM access_log WHERE at > ${young}`)).toMatch(REFUSED)
    await s`DELETE FROM access_log WHERE at < ${young}`
    expect((await counts())[0]).toEqual(['access_log', 1])
  })

  it('the retention job deletes every record past two years and keeps the rest', async () => {
    await rowsOf(1)
    await rowsOf(AUDIT_RETENTION_DAYS + 1)
    // A process clock a little ahead of the database's asks for nothing the trigger keeps.
    const run = await destroyExpired({now: Date.now() + DAY, retentionDays: 365})
    expect(run.destroyed.accessRecords).toBe(RECORDS.length)
    expect(await counts()).toEqual(RECORDS.map((record) => [record, 1]))
  })

  it('erasing a lead leaves its access rows as they were', async () => {
    const s = sql()
    const [lead] = await s<{id: string}>`
      INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
        marketing_consent)
      VALUES (gen_random_uuid(), 'R-1', now(), 'daegu', 'popup', '홍길동', '010-1234-5678', true,
        false)
      RETURNING id`
    await s`INSERT INTO access_log (at, actor, address, task, method, path, status, lead_ids)
      VALUES (now(), 'a@example.com', '192.0.2.1', '조회', 'GET', '/', 200, ARRAY[${lead!.id}]::uuid[])`
    await s`DELETE FROM leads WHERE id = ${lead!.id}`
    expect(await s`SELECT lead_ids FROM access_log`).toEqual([{lead_ids: [lead!.id]}])
  })
})

/** Why the database refused `query` (with its cause), or '' when it ran. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query
    return ''
  } catch (error) {
    return error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)
  }
}

describe('on PostgreSQL, as a role of the application', () => {
  // A login role with every right on the tables but no superuser's: it cannot switch the
  // triggers off for its session either.
  it('cannot change, delete or bypass', async () => {
    const url = testDatabaseUrl('postgres')
    const admin = new pg.Client({connectionString: url})
    await admin.connect()
    const role = `app_${process.env.VITEST_POOL_ID ?? '1'}`
    const emptied = `BEGIN; SET LOCAL session_replication_role = replica;
      TRUNCATE access_log; COMMIT`
    try {
      await admin.query(emptied)
      await admin.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN
          CREATE ROLE ${role} LOGIN;
        END IF; END $$`)
      await admin.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}`)
      await admin.query(`INSERT INTO access_log (at, actor, address, task, method, path, status)
        VALUES (now(), 'a@example.com', '192.0.2.1', '조회', 'GET', '/', 200)`)
      const asApp = new URL(url)
      asApp.username = role
      const app = new pg.Client({connectionString: asApp.href})
      await app.connect()
      try {
        for (const statement of [
          `UPDATE access_log SET actor = 'b@example.com'`,
          'DELETE FROM access_log',
          'TRUNCATE access_log',
        ])
          await expect(app.query(statement), statement).rejects.toThrow(REFUSED)
        await expect(app.query(`SET session_replication_role = replica`)).rejects.toThrow(
          /permission denied/,
        )
        await expect(app.query('ALTER TABLE access_log DISABLE TRIGGER ALL')).rejects.toThrow(
          /must be owner/,
        )
        expect((await app.query('SELECT count(*)::int AS n FROM access_log')).rows).toEqual([
          {n: 1},
        ])
      } finally {
        await app.end()
      }
    } finally {
      await admin.query(emptied)
      await admin.end()
    }
  })
})
