import type {Context} from '@netlify/functions'
import {ANSWER_MAX, type StaffRequests} from '#shared/visitor-data/contract.ts'
import {STAFF_REQUEST_MESSAGES as MESSAGES} from '#shared/visitor-data/messages.ts'
import {auditInsert} from '../audit.ts'
import {sql} from '../database.ts'
import {fail, json} from '../http.ts'
import {staffJsonPost, staffQuery} from '../gates/staff.ts'
import {stripControls} from '../control-characters.ts'
import type {TextDeps} from '../texts/outbox-run.ts'
import {visitorKey} from '../gates/visitor.ts'
import {answerRequest, staffQueue} from './requests.ts'
import {sendNow} from './texts.ts'

/*
 * The staff's 요청 처리: the visitors' requests the data page could not answer itself, each
 * due 10 days after it was made, answered by a text to the visitor. Scoped by site like
 * every staff read: a counsellor sees and answers their sites' requests only.
 */

type StaffContext = Pick<Context, 'ip'> & Partial<Pick<Context, 'params'>>

/** Each refused answer's status and words: nothing changed. */
const REFUSALS = {
  missing: [404, MESSAGES.missing],
  'answered-already': [409, MESSAGES.answered],
  closed: [409, MESSAGES.closed],
} as const

const unavailable = () => fail(503, MESSAGES.unavailable, undefined, {'Retry-After': '30'})

/**
 * GET /api/admin/requests?site=: `{ok, items, open, nearestDueAt}`, the open requests by
 * deadline and the latest answered, logged as a staff list (the requests carry numbers).
 */
export async function listRequestsHandler(
  req: Request,
  context: StaffContext,
  now = Date.now(),
): Promise<Response> {
  const asked = await staffQuery(req, context)
  if (!asked.ok) return asked.response
  const s = sql()
  const audit = auditInsert(s, {
    at: now,
    actor: asked.staff.email,
    action: 'list',
    visitor: visitorKey(req, context),
    detail: {view: 'requests', ...(asked.sites ? {sites: asked.sites} : {})},
  })
  try {
    const queue = await staffQueue(s, asked.sites, audit)
    const answer: StaffRequests = {ok: true, ...queue}
    return json(answer)
  } catch (error) {
    console.error('admin requests: unavailable', error)
    return unavailable()
  }
}

/**
 * POST /api/admin/requests/:id/answer {answer}: records the answer and texts it to the
 * visitor (one statement, requests.ts), then sends the text. `{ok, item, texted}`; 404 for a
 * request of another site or none, 409 when it was answered or closed already.
 */
export function createAnswerHandler(deps: TextDeps = {}) {
  return async (req: Request, context: StaffContext): Promise<Response> => {
    const post = await staffJsonPost(req, context, {
      maxBytes: 8 * 1024,
      notObject: MESSAGES.notObject,
    })
    if (!post.ok) return post.response
    const id = Number(context.params?.id)
    if (!Number.isSafeInteger(id) || id <= 0) return fail(404, MESSAGES.missing)
    const raw = post.body.answer
    const answer =
      typeof raw === 'string' ? stripControls(raw.replace(/\r\n?/g, '\n'), '\n').trim() : ''
    if (!answer) return fail(400, MESSAGES.answerRequired, {answer: MESSAGES.answerRequired})
    if ([...answer].length > ANSWER_MAX)
      return fail(400, MESSAGES.answerTooLong, {answer: MESSAGES.answerTooLong})
    const {clock = Date.now} = deps
    try {
      const result = await answerRequest(
        {id, sites: post.staff.sites, answer, by: post.staff.email, now: clock()},
        deps,
      )
      if (result.status !== 'answered') {
        const [status, message] = REFUSALS[result.status]
        return fail(status, message)
      }
      await sendNow(result.claimed, deps)
      return json({ok: true, item: result.item, texted: result.texted})
    } catch (error) {
      console.error('admin request answer: unavailable', error)
      return unavailable()
    }
  }
}
