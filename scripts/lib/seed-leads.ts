import {randomUUID} from 'node:crypto'
import pg from 'pg'
import {DAY_MS, KST_OFFSET_MS} from '#shared/korea-time.ts'

/*
 * Many leads at once, for the benchmark and the scale test: a few thousand rows per
 * statement (arrays unnested), as a bulk load should be, rather than one durable insert
 * per lead. The leads look like 90 days of campaigns: several sites and sources, a third
 * with a campaign, some failed deliveries (not due for a month, so no retry job takes
 * them), a little spam; staff's stages further along the older a lead is, with their
 * changes in the audit log and some notes; visits booked for those who got that far (the
 * slots' seats counted; a past one checked in or marked a no-show as its stage says); and
 * the texts each lead was sent, so that the texts' sweep finds nothing of theirs left to do.
 */

export const SEED_CAMPAIGNS = [
  '2026-봄-분양',
  '2026-가을-분양',
  'naver-brand',
  'kakao-moment',
  'youtube-84A',
  'instagram-community',
  'daum-search',
  'sms-remind',
]
const FAMILY = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
]
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '하은',
  '지호',
  '수아',
  '예준',
  '지유',
  '시우',
  '서윤',
  '주원',
  '하린',
  '지훈',
  '채원',
]
const SOURCES = ['popup', 'customer', 'home']
const HOUR_MS = 60 * 60 * 1000
const BATCH = 2000
/** The days the leads spread over, back from the newest. */
export const SEED_DAYS = 90

/**
 * Where staff stand with a lead a few days old, in percent (a newer lead is new or
 * contacted): most never get past a call, about a third book a visit.
 */
const STAGES: ReadonlyArray<[stage: string, percent: number]> = [
  ['new', 28],
  ['contacted', 27],
  ['booked', 13],
  ['visited', 13],
  ['no-show', 5],
  ['contracted', 7],
  ['on-hold', 7],
]
/** The stages of a lead that booked a visit. */
const VISITED = new Set(['booked', 'visited', 'no-show', 'contracted'])

export interface SeedOptions {
  count: number
  /** The newest lead's time; the others go back SEED_DAYS from it. */
  now: number
  sites: string[]
}

/**
 * A deterministic spread of values from the lead's number, so runs are comparable. The site
 * and the source read the number in steps of 5 and 2: read alike with the campaigns (every
 * third lead), each site would have had one source and all the campaigns, and the bench's
 * filters found nothing.
 */
const pick = <T>(items: readonly T[], index: number, salt: number): T =>
  items[(index * 7919 + salt * 104_729) % items.length]!

function stageOf(index: number, ageDays: number): string {
  const roll = (index * 7919 + 31) % 100
  if (ageDays < 2) return roll < 60 ? 'new' : 'contacted'
  let reached = 0
  for (const [stage, percent] of STAGES) if (roll < (reached += percent)) return stage
  return 'new'
}

/**
 * The visit of a lead at a booking stage: a whole hour from 10:00 to 17:00 in Seoul, one
 * to ten days after it registered.
 */
function visitOf(index: number, createdAt: number): Date {
  const day = Math.floor((createdAt + KST_OFFSET_MS) / DAY_MS) + 1 + (index % 10)
  return new Date(day * DAY_MS + (10 + (index % 8)) * HOUR_MS - KST_OFFSET_MS)
}

function receiptOf(index: number): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
  let code = ''
  for (let rest = index; code.length < 5; rest = Math.floor(rest / alphabet.length))
    code = alphabet[rest % alphabet.length] + code
  return `S-${code}`
}

/** Inserts `count` leads with their deliveries; answers the milliseconds it took. */
export async function seedLeads(
  connectionString: string,
  {count, now, sites}: SeedOptions,
): Promise<number> {
  const client = new pg.Client({connectionString})
  await client.connect()
  const started = performance.now()
  try {
    for (let first = 0; first < count; first += BATCH) {
      const columns: unknown[][] = Array.from({length: 16}, () => [])
      for (let index = first; index < Math.min(count, first + BATCH); index++) {
        const campaign = index % 3 === 0 ? pick(SEED_CAMPAIGNS, index, 1) : null
        const spam = index % 97 === 0
        const ageDays = (index / count) * SEED_DAYS
        const createdAt = now - Math.floor(ageDays * DAY_MS)
        const stage = spam ? 'new' : stageOf(index, ageDays)
        const values = [
          randomUUID(),
          receiptOf(index),
          new Date(createdAt),
          pick(sites, Math.floor(index / 5), 2),
          pick(SOURCES, Math.floor(index / 2), 3),
          `${pick(FAMILY, index, 4)}${pick(GIVEN, index, 5)}`,
          `010-${String(1000 + (index % 9000)).padStart(4, '0')}` +
            `-${String((index * 37) % 10_000).padStart(4, '0')}`,
          index % 4 === 0 ? '84A 타입 잔여 세대와 방문 가능한 시간이 궁금합니다.' : null,
          campaign ? (campaign.startsWith('kakao') ? 'kakao' : 'naver') : null,
          campaign ? 'cpc' : null,
          campaign,
          spam ? 'held' : index % 11 === 0 ? 'failed' : 'delivered',
          stage,
          VISITED.has(stage) ? visitOf(index, createdAt) : null,
          // A visit booked and cancelled later; the lead stays where staff put it.
          VISITED.has(stage) && index % 10 === 0 ? 'cancelled' : 'booked',
          index % 5 < 2,
        ]
        values.forEach((value, column) => columns[column]!.push(value))
      }
      await client.query(
        `WITH seed AS (
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[],
               $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
               $12::text[], $13::text[], $14::timestamptz[], $15::text[], $16::boolean[])
             AS r(id, receipt, created_at, site, source, name, phone, message, utm_source,
               utm_medium, utm_campaign, status, stage, visit_starts_at, visit_status, marketing)
         ), leads AS (
           INSERT INTO leads (id, receipt, created_at, site, source, name, phone, message, consent,
             marketing_consent, spam_reason, utm_source, utm_medium, utm_campaign, landing_path,
             stage)
           SELECT id, receipt, created_at, site, source, name, phone, message, true, marketing,
             CASE WHEN status = 'held' THEN 'honeypot' END,
             utm_source, utm_medium, utm_campaign, '/', stage
           FROM seed
         ), deliveries AS (
           INSERT INTO lead_deliveries
             (lead_id, status, attempts, next_attempt_at, last_error, delivered_at)
           SELECT id, status, CASE status WHEN 'held' THEN 0 ELSE 1 END,
             CASE status WHEN 'failed' THEN $17::timestamptz + interval '30 days' END,
             CASE status WHEN 'failed' THEN 'HTTP 500' END,
             CASE status WHEN 'delivered' THEN created_at END
           FROM seed
         ), stages AS (
           INSERT INTO audit_log (at, actor, action, lead_id, detail)
           SELECT least(created_at + interval '1 day', $17::timestamptz), 'staff@example.com',
             'stage', id,
             jsonb_build_object('from', 'new', 'to', stage)
           FROM seed WHERE stage <> 'new'
         ), notes AS (
           INSERT INTO lead_notes (lead_id, at, author, body)
           SELECT id, least(created_at + interval '1 day', $17::timestamptz), 'staff@example.com',
             '통화 완료. 84A 타입 선호, 주말 방문 희망.'
           FROM seed WHERE stage <> 'new' AND right(receipt, 1) < 'M'
         ), texts AS (
           SELECT id, kind, revision, created_at, phone FROM (
             SELECT s.id,
               CASE WHEN s.visit_starts_at IS NULL THEN 'acknowledgement' ELSE 'confirmation' END AS kind,
               1 AS revision, s.created_at, s.phone FROM seed s WHERE s.status <> 'held'
             UNION ALL SELECT s.id, 'advert', 1, s.created_at, s.phone FROM seed s
               WHERE s.marketing AND s.status <> 'held'
             UNION ALL SELECT s.id, 'cancelled', 2, s.created_at + interval '1 day', s.phone
               FROM seed s
               WHERE s.visit_status = 'cancelled' AND s.visit_starts_at IS NOT NULL
             UNION ALL SELECT s.id, 'reminder', 1, s.visit_starts_at - interval '1 day', s.phone
               FROM seed s
               WHERE s.visit_status = 'booked' AND s.visit_starts_at < $17::timestamptz + interval '2 days'
           ) t
         )
         INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables,
           status, attempts, created_at, sent_at, provider)
         SELECT gen_random_uuid(), id, kind, revision, phone, '[솔담 레이크파크] 안내 문자입니다.',
           '{}', 'sent', 1,
           least(created_at, $17::timestamptz), least(created_at, $17::timestamptz), 'solapi'
         FROM texts`,
        [...columns, new Date(now)],
      )
      // A statement of its own: a visit's insert checks its number's other visits, and the
      // leads it belongs to are visible to that check only once their statement has ended.
      await client.query(
        `WITH seed AS (
           SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::timestamptz[],
               $5::text[], $6::text[]) AS r(id, created_at, site, visit_starts_at, visit_status, stage)
           WHERE visit_starts_at IS NOT NULL
         ), visits AS (
           -- A visit of the past was checked in (방문완료, 계약) or marked a no-show, as the
           -- door and the no-show job record them.
           INSERT INTO visits (lead_id, site, starts_at, status, revision, booked_at, changed_at,
             arrived_at, arrived_by, no_show_at, no_show_by)
           SELECT id, site, visit_starts_at, visit_status,
             CASE visit_status WHEN 'cancelled' THEN 2 ELSE 1 END, created_at,
             CASE visit_status WHEN 'cancelled' THEN created_at + interval '1 day'
               ELSE created_at END,
             arrived, CASE WHEN arrived IS NOT NULL THEN 'staff@example.com' END,
             no_show, CASE WHEN no_show IS NOT NULL THEN 'schedule' END
           FROM (
             SELECT *,
               CASE WHEN visit_status = 'booked' AND visit_starts_at < $7::timestamptz
                 AND stage IN ('visited', 'contracted') THEN visit_starts_at END AS arrived,
               CASE WHEN visit_status = 'booked' AND visit_starts_at < $7::timestamptz
                 AND stage = 'no-show' THEN visit_starts_at + interval '90 minutes' END AS no_show
             FROM seed
           ) v
         )
         INSERT INTO visit_slots (site, starts_at, capacity, booked)
         SELECT site, visit_starts_at, greatest(4, count(*)), count(*) FROM seed
         WHERE visit_status = 'booked' GROUP BY site, visit_starts_at
         ON CONFLICT (site, starts_at) DO UPDATE
           SET booked = visit_slots.booked + excluded.booked,
           capacity = greatest(visit_slots.capacity, visit_slots.booked + excluded.booked)`,
        [columns[0], columns[2], columns[3], columns[13], columns[14], columns[12], new Date(now)],
      )
    }
    // As after any bulk load: the planner's statistics (Netlify's autovacuum would gather them
    // too).
    await client.query(
      'ANALYZE leads, lead_deliveries, visits, visit_slots, audit_log, lead_notes, text_messages',
    )
  } finally {
    await client.end()
  }
  return performance.now() - started
}
