import {sql} from '#netlify/functions/_shared/database.ts'
import {startSession} from '#netlify/functions/_shared/auth/refresh-sessions.ts'
import {phoneKey} from '#netlify/functions/_shared/visitor-data/session.ts'

/* Shared by the production copy's tests only (nothing in the functions imports it). */

export const COPIED_LEAD = '7f0c1f8e-0000-4000-8000-00000000c0a1'
const SAME_PERSON_LEAD = '7f0c1f8e-0000-4000-8000-00000000c0a2'
const REFUSING_LEAD = '7f0c1f8e-0000-4000-8000-00000000c0a3'

/**
 * The key production's requests hold for the refusing number: an HMAC under production's
 * AUTH_SECRET, which a preview may share.
 */
export const COPIED_PHONE_KEY = phoneKey('daegu', '010-2222-3333', {
  AUTH_SECRET: 'the-production-auth-secret-of-at-least-32-characters',
})

/**
 * Every value of the copied people, as some part of the database holds it (numbers with and
 * without their hyphens): none may be found anywhere once the copy is scrubbed.
 */
export const PEOPLE_VALUES = [
  '김비밀',
  '이숨김',
  '010-9876-5432',
  '01098765432',
  '9876-5432',
  '010-2222-3333',
  '2222-3333',
  '010-5555-6666',
  '010-7777-8888',
  'secret@example.com',
  '배우자와 같이 방문 예정',
  '계약 의사 있음',
  '010-4444-5555',
  '비밀로 12',
  '이숨김님 상담 메모',
]

/**
 * Rows as production holds them, in every table with people's data: two registrations of one
 * number, one of another number that refused adverts and waits for a seat, their visit, texts
 * (one an alert to a staff phone naming the visitor), a staff note, the access record of a
 * search (the audit log's and the access record's, a day's count and a review mark naming a
 * visitor), a staff account with its sign-in and an open invite, counters and a sign-in guard; the data page's codes (one to a new
 * number) and the other number's requests, one open to staff and one answered.
 */
export async function copyProductionRows(now: number): Promise<void> {
  const at = new Date(now)
  const s = sql()
  await s`INSERT INTO leads (id, receipt, created_at, site, source, name, phone, email, message,
      consent, consent_version, marketing_consent, utm_campaign)
    VALUES
      (${COPIED_LEAD}, 'R-20261101-AAAA', ${at}, 'daegu', 'popup', '김비밀', '010-9876-5432',
        'secret@example.com', '배우자와 같이 방문 예정', true, '2025-03-01T00:00:00Z', true, 'autumn'),
      (${SAME_PERSON_LEAD}, 'R-20261101-BBBB', ${at}, 'daegu', 'customer', '김비밀',
        '010-9876-5432', NULL, NULL, true, '2025-03-01T00:00:00Z', false, NULL),
      (${REFUSING_LEAD}, 'R-20261101-CCCC', ${at}, 'daegu', 'home', '이숨김', '010-2222-3333',
        NULL, NULL, true, '2025-03-01T00:00:00Z', false, NULL)`
  await s`INSERT INTO lead_deliveries (lead_id, status) VALUES
    (${COPIED_LEAD}, 'delivered'), (${SAME_PERSON_LEAD}, 'delivered'), (${REFUSING_LEAD}, 'pending')`
  await s`INSERT INTO visits (lead_id, site, starts_at, status, booked_at, changed_at)
    VALUES (${COPIED_LEAD}, 'daegu', ${new Date(now + 86_400_000)}, 'booked', ${at}, ${at})`
  await s`INSERT INTO waitlist_entries (lead_id, site, starts_at, phone, joined_at, status)
    VALUES (${REFUSING_LEAD}, 'daegu', ${new Date(now + 86_400_000)}, '010-2222-3333', ${at},
      'waiting')`
  await s`INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables,
      status, created_at, fold_key)
    VALUES
      (gen_random_uuid(), ${COPIED_LEAD}, 'confirmation', 1, '010-9876-5432',
        '[솔담] 김비밀님 방문 예약되었습니다.', ${JSON.stringify({이름: '김비밀'})}::jsonb, 'kept',
        ${at}, NULL),
      (gen_random_uuid(), ${COPIED_LEAD}, 'staff-alert', 1, '010-5555-6666',
        '새 문의: 김비밀 010-9876-5432', '{}'::jsonb, 'kept', ${at}, 'daegu 0'),
      (gen_random_uuid(), ${REFUSING_LEAD}, 'acknowledgement', 1, '010-2222-3333',
        '[솔담] 이숨김님 등록되었습니다.', '{}'::jsonb, 'refused', ${at}, NULL)`
  await s`UPDATE text_messages SET last_error = '수신번호 010-2222-3333 수신거부'
    WHERE lead_id = ${REFUSING_LEAD}`
  await s`INSERT INTO text_refusals (phone, created_at, source, actor)
    VALUES ('010-2222-3333', ${at}, 'visitor', 'visitor-link')`
  await s`INSERT INTO lead_notes (lead_id, at, author, body)
    VALUES (${COPIED_LEAD}, ${at}, 'counsellor@example.com', '계약 의사 있음, 배우자 010-7777-8888')`
  await s`INSERT INTO audit_log (at, actor, action, detail, visitor)
    VALUES (${at}, 'counsellor@example.com', 'list', ${JSON.stringify({q: '김비밀'})}::jsonb,
      'visitor-key')`
  await s`INSERT INTO staff_accounts (email, role, sites, password_hash, created_at, updated_at)
    VALUES ('counsellor@example.com', 'counsellor', '{daegu}', NULL, ${at}, ${at})`
  await startSession('counsellor@example.com', now, 'totp')
  await s`INSERT INTO staff_invites (token_hash, email, created_by, created_at, expires_at)
    VALUES ('invite-hash', 'counsellor@example.com', 'admin@example.com', ${at},
      ${new Date(now + 86_400_000)})`
  await s`INSERT INTO access_log (at, actor, address, task, method, path, status, lead_ids,
      subject)
    VALUES (${at}, 'counsellor@example.com', '203.0.113.9', '조회', 'GET', '/api/admin/leads', 200,
      ARRAY[${COPIED_LEAD}]::uuid[], ${JSON.stringify({filter: {q: '010-9876-5432'}})}::jsonb)`
  await s`INSERT INTO access_counts (day, actor, task, requests)
    VALUES (${at}::date, 'counsellor@example.com', '조회', 1)`
  await s`INSERT INTO access_reviews (month, reviewer, at, note)
    VALUES ('2026-10-01', 'admin@example.com', ${at}, '김비밀 건 조회는 상담 때문')`
  await s`INSERT INTO rate_limits VALUES ('register-phone', 'daegu 010-9876-5432', ${at}, 1)`
  await s`INSERT INTO sign_in_guards VALUES ('counsellor@example.com visitor-key', ARRAY[${at}]::timestamptz[], NULL)`
  const expires = new Date(now + 300_000)
  await s`INSERT INTO visitor_codes (site, phone, purpose, for_phone, via, code_hash, created_at,
      expires_at)
    VALUES ('daegu', '010-9876-5432', 'sign-in', NULL, 'link', 'hash-1', ${at}, ${expires}),
      ('daegu', '010-4444-5555', 'new-number', '010-9876-5432', 'link', 'hash-2', ${at},
        ${expires})`
  const key = COPIED_PHONE_KEY
  await s`INSERT INTO visitor_requests (site, at, kind, verified_by, phone_key, phone, body, due_at,
      status, answered_at, answered_by, answer)
    VALUES
      ('daegu', ${at}, 'other-channel', 'code-form', ${key}, '010-2222-3333',
        '전화로 알려 드린 주소 서울 마포구 비밀로 12를 지워 주세요', ${new Date(now + 10 * 86_400_000)},
        'open', NULL, NULL, NULL),
      ('daegu', ${at}, 'objection', 'code-form', ${key}, NULL, '광고 전화를 그만 받겠습니다',
        ${new Date(now + 10 * 86_400_000)}, 'answered', ${at}, 'counsellor@example.com',
        '이숨김님 상담 메모를 지웠습니다')`
}

/** Every row of every table of the database, one a line as PostgreSQL writes a row out. */
export async function everyRow(): Promise<string> {
  const s = sql()
  const tables = await s<{name: string}>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`
  const rows = await Promise.all(
    tables.map(({name}) => s<{row: string}>`SELECT t::text AS row FROM ${s.identifier(name)} t`),
  )
  return rows
    .flat()
    .map(({row}) => row)
    .join('\n')
}
