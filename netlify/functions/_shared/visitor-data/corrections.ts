import {sql} from '../database.ts'
import {refusalCtes} from '../texts/refusals.ts'
import {tryCode} from './codes.ts'
import {recordDone} from './requests.ts'
import type {VisitorIdentity} from './session.ts'

/*
 * What the data page corrects or stops on the spot (개인정보 보호법 제36·37조), each in ONE
 * statement with its request's record.
 */

/** Who withdraws in the audit log and on the refusal list: the number's owner, on the data page. */
export const DATA_PAGE_ACTOR = 'visitor-data'

/** Sets the name of every registration of the number on the site. Answers how many changed. */
export async function correctName(
  identity: VisitorIdentity,
  name: string,
  now: number,
): Promise<number> {
  const s = sql()
  const rows = await s<{n: number}>`
    WITH changed AS (
      UPDATE leads SET name = ${name}
      WHERE site = ${identity.site} AND phone = ${identity.phone}
      RETURNING id
    ), record AS (
      ${recordDone(s, identity, 'correct-name', now, {
        result: s`jsonb_build_object('leads', (SELECT count(*) FROM changed))`,
        from: s`WHERE EXISTS (SELECT 1 FROM changed)`,
      })}
    )
    SELECT count(*)::int AS n FROM changed`
  return rows[0]?.n ?? 0
}

/** Whether `phone` has a registration on the site: a number is corrected only to a new one. */
export async function isRegistered(site: string, phone: string): Promise<boolean> {
  const rows = await sql()<{found: boolean}>`
    SELECT EXISTS (SELECT 1 FROM leads WHERE site = ${site} AND phone = ${phone}) AS found`
  return rows[0]?.found ?? false
}

export type NumberChange = Awaited<ReturnType<typeof tryCode<{leads: number}>>>

/**
 * Moves every registration of the session's number (and its waiting-list entries) to `phone`
 * once the code texted to `phone` matches, in ONE statement with the code's try. Nothing moves
 * (`leads: 0`) when the new number registered on the site meanwhile. Texts already sent keep
 * the number they went to; the old number's refusal of adverts stays on the refusal list.
 */
export function changeNumber(
  identity: VisitorIdentity,
  {phone, code}: {phone: string; code: string},
  now: number,
): Promise<NumberChange> {
  return tryCode(
    {site: identity.site, phone, purpose: 'new-number', forPhone: identity.phone, code, now},
    {
      ctes: (s, matched) => s`moved AS (
          UPDATE leads SET phone = ${phone}
          WHERE site = ${identity.site} AND phone = ${identity.phone} AND ${matched}
            AND NOT EXISTS (SELECT 1 FROM leads WHERE site = ${identity.site} AND phone = ${phone})
          RETURNING id
        ), entries AS (
          UPDATE waitlist_entries SET phone = ${phone} WHERE lead_id IN (SELECT id FROM moved)
        ), record AS (
          ${recordDone(s, identity, 'correct-phone', now, {
            result: s`jsonb_build_object('leads', (SELECT count(*) FROM moved))`,
            from: s`WHERE EXISTS (SELECT 1 FROM moved)`,
          })}
        )`,
      columns: (s) => s`(SELECT count(*)::int FROM moved) AS leads`,
      read: (row) => ({leads: row.leads as number}),
    },
  )
}

/**
 * Stops marketing to the number: its consent withdrawn on every registration on every site
 * (the owner's own word, as on the texted link) and the number put on the refusal list, which
 * cancels any advert still waiting, with an audit entry per registration withdrawn and the
 * request's record, in ONE statement. Answers how many registrations had a consent.
 */
export async function stopMarketing(identity: VisitorIdentity, now: number): Promise<number> {
  const s = sql()
  const phones = s`SELECT ${identity.phone}::text AS phone`
  const rows = await s<{n: number}>`
    WITH ${refusalCtes(s, {phones, at: now, source: 'visitor', actor: DATA_PAGE_ACTOR})},
    withdrawn AS (
      UPDATE leads SET marketing_consent = false
      WHERE phone = ${identity.phone} AND marketing_consent
      RETURNING id
    ), withdrawals AS (
      INSERT INTO audit_log (at, actor, action, lead_id)
      SELECT ${new Date(now)}::timestamptz, ${DATA_PAGE_ACTOR}::text, 'withdraw-consent', id
      FROM withdrawn
    ), record AS (
      ${recordDone(s, identity, 'stop-marketing', now, {
        result: s`jsonb_build_object('leads', (SELECT count(*) FROM withdrawn))`,
      })}
    )
    SELECT count(*)::int AS n FROM withdrawn`
  return rows[0]?.n ?? 0
}
