import {randomUUID} from 'node:crypto'
import pg from 'pg'

/*
 * Many leads at once, for the benchmark and the scale test: a few thousand rows per
 * statement (arrays unnested), as a bulk load should be, rather than one durable insert
 * per lead. The leads look like a year of campaigns: several sites and sources, a third
 * with a campaign, some failed deliveries (not due for a month, so no retry job takes
 * them), a little spam.
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
const DAY_MS = 24 * 60 * 60 * 1000
const BATCH = 2000

export interface SeedOptions {
  count: number
  /** The newest lead's time; the others go back about a year from it. */
  now: number
  sites: string[]
}

/** A deterministic spread of values from the lead's number, so runs are comparable. */
const pick = <T>(items: readonly T[], index: number, salt: number): T =>
  items[(index * 7919 + salt * 104_729) % items.length]!

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
      const columns: unknown[][] = Array.from({length: 12}, () => [])
      for (let index = first; index < Math.min(count, first + BATCH); index++) {
        const campaign = index % 3 === 0 ? pick(SEED_CAMPAIGNS, index, 1) : null
        const spam = index % 97 === 0
        const values = [
          randomUUID(),
          receiptOf(index),
          new Date(now - Math.floor((index / count) * 365 * DAY_MS)),
          pick(sites, index, 2),
          pick(SOURCES, index, 3),
          `${pick(FAMILY, index, 4)}${pick(GIVEN, index, 5)}`,
          `010-${String(1000 + (index % 9000)).padStart(4, '0')}-${String((index * 37) % 10_000).padStart(4, '0')}`,
          index % 4 === 0 ? '84A 타입 잔여 세대와 방문 가능한 시간이 궁금합니다.' : null,
          campaign ? (campaign.startsWith('kakao') ? 'kakao' : 'naver') : null,
          campaign ? 'cpc' : null,
          campaign,
          spam ? 'held' : index % 11 === 0 ? 'failed' : 'delivered',
        ]
        values.forEach((value, column) => columns[column]!.push(value))
      }
      await client.query(
        `WITH seed AS (
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
             AS r(id, receipt, created_at, site, source, name, phone, message, utm_source, utm_medium, utm_campaign, status)
         ), leads AS (
           INSERT INTO leads (id, receipt, created_at, site, source, name, phone, message, consent, marketing_consent, spam_reason,
             utm_source, utm_medium, utm_campaign, landing_path)
           SELECT id, receipt, created_at, site, source, name, phone, message, true, false, CASE WHEN status = 'held' THEN 'honeypot' END,
             utm_source, utm_medium, utm_campaign, '/'
           FROM seed
         )
         INSERT INTO lead_deliveries (lead_id, status, attempts, next_attempt_at, last_error, delivered_at)
         SELECT id, status, CASE status WHEN 'held' THEN 0 ELSE 1 END,
           CASE status WHEN 'failed' THEN $13::timestamptz + interval '30 days' END,
           CASE status WHEN 'failed' THEN 'HTTP 500' END,
           CASE status WHEN 'delivered' THEN created_at END
         FROM seed`,
        [...columns, new Date(now)],
      )
    }
    // As after any bulk load: the planner's statistics (Netlify's autovacuum would gather them
    // too).
    await client.query('ANALYZE leads, lead_deliveries')
  } finally {
    await client.end()
  }
  return performance.now() - started
}
