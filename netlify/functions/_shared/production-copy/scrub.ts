import {setting, type Env} from '#config/settings.ts'
import {sql} from '../database.ts'
import {productionCopyContext, type ProductionCopyContext} from '../deploy-context.ts'

/*
 * The scrub of a production copy: the database of a deploy preview or branch deploy, which
 * Netlify forks from production's with every person in it. People's values are replaced by
 * stand-ins (the same number always by the same stand-in, so one person's registrations,
 * texts and refusal still belong together) and the records that hold nothing a preview needs
 * are removed, in ONE statement that also writes its row in personal_data_scrubs: the
 * functions of such a deploy serve nothing until that row exists (./gate.ts).
 */

/**
 * What the scrub does with each table: its rows removed, or its personal columns replaced and
 * the rest kept. Every text-like column of every table is named here, as replaced or as kept
 * (scrub.test.ts checks the schema against it), so a migration that adds one decides its fate.
 * Staff e-mails are kept: they name the agency's own staff, who are the preview's users, and
 * whose accounts come from the same configuration.
 */
export const SCRUB_PLAN = {
  leads: {
    replaced: ['name', 'phone', 'email', 'message'],
    kept: [
      'receipt',
      'site',
      'source',
      'consent_version',
      'marketing_consent_version',
      'marketing_confirmed_via',
      'spam_reason',
      'doubt',
      'idempotency_key_hash',
      'idempotency_body_hash',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'landing_path',
      'referrer_host',
      'stage',
      'texts_withheld',
      'visit_refused',
      'owner',
    ],
  },
  // A provider's refusal may quote the number it refused.
  text_messages: {
    replaced: ['recipient', 'body', 'variables', 'last_error'],
    kept: ['kind', 'status', 'provider', 'provider_message_id', 'fold_key'],
  },
  text_refusals: {replaced: ['phone'], kept: ['source', 'actor']},
  waitlist_entries: {replaced: ['phone'], kept: ['site', 'status']},
  lead_notes: {replaced: ['body'], kept: ['author']},
  lead_deliveries: {replaced: [], kept: ['status', 'last_error']},
  visits: {replaced: [], kept: ['site', 'status', 'last_change', 'arrived_by', 'no_show_by']},
  visit_slots: {replaced: [], kept: ['site']},
  lead_owner_turns: {replaced: [], kept: ['site']},
  staff_away: {replaced: [], kept: ['email']},
  press_views: {replaced: [], kept: ['post_id']},
  webhook_deliveries: {replaced: [], kept: ['key_hash']},
  personal_data_scrubs: {replaced: [], kept: ['context', 'counts']},
  destruction_runs: {replaced: [], kept: ['destroyed']},
  refusal_reads: {replaced: [], kept: []},
  production_copy_marks: {replaced: [], kept: ['context']},
  // The staff's accounts and second factors: the preview's users are the agency's staff, who
  // sign in to it as they do to production.
  staff_accounts: {replaced: [], kept: ['email', 'role', 'sites', 'password_hash']},
  staff_account_changes: {replaced: [], kept: ['actor', 'email', 'change', 'before', 'after']},
  staff_totp: {replaced: [], kept: ['email', 'sealed_secret']},
  staff_recovery_codes: {replaced: [], kept: ['email', 'code_hash']},
  staff_passkeys: {replaced: [], kept: ['id', 'email', 'transports']},
  // A visitor's requests about their data: an open one's number to answer, the visitor's words
  // and staff's answer, and the number's key (an HMAC under AUTH_SECRET, which a preview may
  // share with production, so it is hashed again: one number's requests stay together and no
  // real number's key finds them).
  visitor_requests: {
    replaced: ['phone', 'body', 'answer', 'phone_key'],
    kept: ['site', 'kind', 'verified_by', 'result', 'status', 'answered_by'],
  },
  // Production's access record, sign-ins and counters: what staff looked at and searched for,
  // and keys of visitors' addresses. The preview keeps its own from here on.
  audit_log: 'removed',
  access_log: 'removed',
  access_counts: 'removed',
  access_reviews: 'removed',
  admin_sessions: 'removed',
  admin_refresh_tokens: 'removed',
  sign_in_guards: 'removed',
  rate_limits: 'removed',
  // Production's one-time links to set a password: none may set one in a preview.
  staff_invites: 'removed',
  // The data page's codes: a number each, good for minutes; a preview needs none of them.
  visitor_codes: 'removed',
  // Production's incidents: a preview would show them in its banner and text production's
  // administrators when they clear.
  operations_incidents: 'removed',
} as const satisfies Record<
  string,
  'removed' | {replaced: readonly string[]; kept: readonly string[]}
>

/** What a scrubbed text and a scrubbed note say instead of what they said. */
export const SCRUBBED_TEXT = '(미리보기 배포: 문자 내용을 지움)'
export const SCRUBBED_NOTE = '(미리보기 배포: 메모 내용을 지움)'
export const SCRUBBED_REQUEST = '(미리보기 배포: 요청 내용을 지움)'
export const SCRUBBED_ANSWER = '(미리보기 배포: 답변 내용을 지움)'

/** Rows replaced or removed per table. */
export type ScrubCounts = Record<string, number>

export class NotAProductionCopy extends Error {
  constructor(context: string | undefined) {
    super(
      `CONTEXT is ${context ? `"${context}"` : 'unset'}: only a deploy preview's or branch ` +
        "deploy's database is scrubbed, never production's nor a local one",
    )
  }
}

/**
 * Scrubs this deploy's database and records it, in one statement. Refuses (NotAProductionCopy)
 * unless CONTEXT names a deploy preview or a branch deploy.
 *
 * A number's stand-in is `000-` and its rank among all stored numbers, in eight digits
 * (`000-0000-0001`): no stored number starts so (every number is normalized), so a stand-in
 * never meets another row's number while the statement runs, and stand-ins rank first, so a
 * second scrub gives each its own value again.
 */
export async function scrubProductionCopy(
  env: Env = process.env,
  now = Date.now(),
): Promise<ScrubCounts> {
  const context: ProductionCopyContext | null = productionCopyContext(env)
  if (!context) throw new NotAProductionCopy(setting('CONTEXT', env))
  // The mark lets the statement below remove production's records, which refuse a deletion
  // younger than their retention everywhere else.
  await sql()`INSERT INTO production_copy_marks (context, marked_at) VALUES (${context}, ${new Date(now)})`
  const [row] = await sql()<{counts: ScrubCounts}>`
    WITH numbers AS (
      SELECT phone, lpad((row_number() OVER (ORDER BY phone))::text, 8, '0') AS n FROM (
        SELECT phone FROM leads UNION SELECT recipient FROM text_messages
        UNION SELECT phone FROM text_refusals UNION SELECT phone FROM waitlist_entries
        UNION SELECT phone FROM visitor_requests WHERE phone IS NOT NULL) p
    ), stand_in AS (
      SELECT phone, '000-' || substr(n, 1, 4) || '-' || substr(n, 5, 4) AS number,
        '방문객 ' || ltrim(n, '0') AS name
      FROM numbers
    ), leads_done AS (
      UPDATE leads l SET name = s.name, phone = s.number, email = NULL, message = NULL
      FROM stand_in s WHERE s.phone = l.phone RETURNING 1
    ), texts_done AS (
      UPDATE text_messages t SET recipient = s.number, body = ${SCRUBBED_TEXT},
        variables = '{}'::jsonb, last_error = NULL
      FROM stand_in s WHERE s.phone = t.recipient RETURNING 1
    ), refusals_done AS (
      UPDATE text_refusals r SET phone = s.number FROM stand_in s WHERE s.phone = r.phone
      RETURNING 1
    ), waitlist_done AS (
      UPDATE waitlist_entries w SET phone = s.number FROM stand_in s WHERE s.phone = w.phone
      RETURNING 1
    ), notes_done AS (
      UPDATE lead_notes SET body = ${SCRUBBED_NOTE} RETURNING 1
    ), requests_done AS (
      UPDATE visitor_requests r
      SET phone = (SELECT s.number FROM stand_in s WHERE s.phone = r.phone),
        body = CASE WHEN r.body IS NOT NULL THEN ${SCRUBBED_REQUEST}::text END,
        answer = CASE WHEN r.answer IS NOT NULL THEN ${SCRUBBED_ANSWER}::text END,
        phone_key = md5('scrubbed ' || r.phone_key)
      RETURNING 1
    ), codes_done AS (
      DELETE FROM visitor_codes RETURNING 1
    ), audit_done AS (
      DELETE FROM audit_log RETURNING 1
    ), access_done AS (
      DELETE FROM access_log RETURNING 1
    ), access_counts_done AS (
      DELETE FROM access_counts RETURNING 1
    ), reviews_done AS (
      DELETE FROM access_reviews RETURNING 1
    ), invites_done AS (
      DELETE FROM staff_invites RETURNING 1
    ), tokens_done AS (
      DELETE FROM admin_refresh_tokens RETURNING 1
    ), sessions_done AS (
      DELETE FROM admin_sessions RETURNING 1
    ), guards_done AS (
      DELETE FROM sign_in_guards RETURNING 1
    ), counters_done AS (
      DELETE FROM rate_limits RETURNING 1
    ), incidents_done AS (
      DELETE FROM operations_incidents RETURNING 1
    )
    INSERT INTO personal_data_scrubs (scrubbed_at, context, counts)
    SELECT ${new Date(now)}, ${context}, jsonb_build_object(
      'leads', (SELECT count(*) FROM leads_done),
      'text_messages', (SELECT count(*) FROM texts_done),
      'text_refusals', (SELECT count(*) FROM refusals_done),
      'waitlist_entries', (SELECT count(*) FROM waitlist_done),
      'lead_notes', (SELECT count(*) FROM notes_done),
      'visitor_requests', (SELECT count(*) FROM requests_done),
      'visitor_codes', (SELECT count(*) FROM codes_done),
      'audit_log', (SELECT count(*) FROM audit_done),
      'access_log', (SELECT count(*) FROM access_done),
      'access_counts', (SELECT count(*) FROM access_counts_done),
      'access_reviews', (SELECT count(*) FROM reviews_done),
      'staff_invites', (SELECT count(*) FROM invites_done),
      'admin_refresh_tokens', (SELECT count(*) FROM tokens_done),
      'admin_sessions', (SELECT count(*) FROM sessions_done),
      'sign_in_guards', (SELECT count(*) FROM guards_done),
      'rate_limits', (SELECT count(*) FROM counters_done),
      'operations_incidents', (SELECT count(*) FROM incidents_done))
    RETURNING counts`
  return row!.counts
}
