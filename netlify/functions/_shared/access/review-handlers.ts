import type {Context} from '@netlify/functions'
import {isMonth, kstMonth, previousMonth} from '#shared/access/access-record.ts'
import {looksEmpty} from '#shared/invisible.ts'
import {sql} from '../database.ts'
import {asRecord, fail, json, methodNotAllowed, QUERY_REFUSED, readJsonBody} from '../http.ts'
import {administratorRequest} from '../gates/staff.ts'
import {stripControls} from '../control-characters.ts'
import {ACCESS_LOG_REFUSED} from './log.ts'
import {noteAccess} from '../access-record.ts'
import {monthRange, reviewMarks, reviewOf} from './review.ts'
import {bulkThreshold} from './settings.ts'

/*
 * The 접속기록 점검 endpoints: a month's review (GET), a mark that it was reviewed (POST), and
 * whether last month still waits for one (the dashboard's reminder).
 */

export const REVIEW_NOTE_MAX = 2000
const MONTH_FORMAT = '월은 YYYY-MM 형식으로 입력해 주세요.'
const UNAVAILABLE =
  '일시적인 장애로 접속기록 점검을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'
const NOT_STORED = '일시적인 장애로 점검 기록을 남기지 못했습니다. 잠시 후 다시 시도해 주세요.'
const BODY_MAX = 16 * 1024

/** GET `?month=YYYY-MM&actor=`: the month's review (last month by default). */
async function showReview(req: Request, now: number): Promise<Response> {
  const params = new URL(req.url).searchParams
  const month = params.get('month')?.trim() || previousMonth(kstMonth(now))
  if (!isMonth(month)) return fail(400, QUERY_REFUSED, {month: MONTH_FORMAT})
  const actor =
    stripControls(params.get('actor') ?? '')
      .trim()
      .toLowerCase() || null
  try {
    const review = await reviewOf(month, {actor, threshold: bulkThreshold()})
    noteAccess(req, {subject: {count: review.people.reduce((sum, p) => sum + p.total, 0)}})
    return json({ok: true, ...review})
  } catch (error) {
    console.error('access review: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

/** POST `{month, note}`: marks a month that has ended as reviewed, by the signed-in administrator. */
async function markReviewed(req: Request, reviewer: string, now: number): Promise<Response> {
  const read = await readJsonBody(req, BODY_MAX)
  if (!read.ok) return read.response
  const body = asRecord(read.value) ?? {}
  const fields: Record<string, string> = {}
  const month = typeof body.month === 'string' ? body.month.trim() : ''
  if (!isMonth(month)) fields.month = MONTH_FORMAT
  else if (monthRange(month).to.getTime() > now)
    fields.month = '아직 끝나지 않은 달은 점검 완료로 표시할 수 없습니다.'
  const note = typeof body.note === 'string' ? stripControls(body.note, '\n').trim() : ''
  if (looksEmpty(note)) fields.note = '점검한 내용을 적어 주세요. (예: 이상 없음)'
  else if ([...note].length > REVIEW_NOTE_MAX)
    fields.note = `점검 내용은 ${REVIEW_NOTE_MAX.toLocaleString('ko-KR')}자 이내로 적어 주세요.`
  if (Object.keys(fields).length > 0)
    return fail(400, fields.month ?? fields.note ?? QUERY_REFUSED, fields)
  try {
    await sql()`INSERT INTO access_reviews (month, reviewer, at, note)
      VALUES (${`${month}-01`}::date, ${reviewer}, ${new Date(now)}, ${note})`
    return json({ok: true, month, reviews: await reviewMarks(month)}, 201)
  } catch (error) {
    console.error('access review: mark not stored', error)
    return fail(503, NOT_STORED)
  }
}

/**
 * /api/admin/access-review: GET a month's review, POST a mark that it was reviewed.
 * Administrators only: a counsellor gets a 403, and the attempt is in the record.
 */
export async function accessReviewHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const gate = await administratorRequest(req, context, req.method, ACCESS_LOG_REFUSED)
  if (!gate.ok) return gate.response
  return req.method === 'GET' ? showReview(req, now) : markReviewed(req, gate.staff.email, now)
}

/**
 * GET /api/admin/access-review/due: `{ok, month, due}`, whether last month (Seoul) waits for
 * its review: the record holds rows from before this month and none of last month's marks.
 */
export async function accessReviewDueHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  const gate = await administratorRequest(req, context, 'GET', ACCESS_LOG_REFUSED)
  if (!gate.ok) return gate.response
  const month = previousMonth(kstMonth(now))
  const {to} = monthRange(month)
  try {
    const [row] = await sql()<{due: boolean}>`
      SELECT EXISTS (SELECT 1 FROM access_log WHERE at < ${to})
        AND NOT EXISTS (SELECT 1 FROM access_reviews WHERE month = ${`${month}-01`}::date)
        AS due`
    return json({ok: true, month, due: row?.due ?? false})
  } catch (error) {
    console.error('access review due: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}
