import type {Config, Context} from '@netlify/functions'
import {fail, json, methodNotAllowed, tooManyRequests} from './_shared/http.ts'
import {countView, PUBLISHED_ID} from './_shared/press-views.ts'
import {hit} from './_shared/rate-limit.ts'
import {throughEdgeOnly, visitorKey} from './_shared/visitor.ts'

/** Opening a post again and again, and sweeping through every post, each hit a limit. */
const PER_POST_RULE = {bucket: 'views-post', limit: 30, windowS: 10 * 60}
const PER_VISITOR_RULE = {bucket: 'views', limit: 60, windowS: 10 * 60}

const NOT_FOUND = '글을 찾을 수 없습니다.'
const TOO_MANY = '조회 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'

function postId(req: Request): string | null {
  const match = /^\/api\/press\/([^/]+)\/views\/?$/.exec(new URL(req.url).pathname)
  let id = ''
  try {
    id = match?.[1] ? decodeURIComponent(match[1]) : ''
  } catch {
    // A broken escape (`%`, `%E0%A4%A`) names no post; decodeURIComponent throws on it.
  }
  return PUBLISHED_ID.test(id) ? id : null
}

/**
 * Counts one view of a published press post and answers the new count. The count is kept
 * in the database: a view changes no content, so it starts no build.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const id = postId(req)
  if (!id) return fail(404, NOT_FOUND)

  const visitor = visitorKey(req, context)
  const now = Date.now()
  const [visitorLimit, postLimit] = await Promise.all([
    hit(PER_VISITOR_RULE, visitor, now),
    hit(PER_POST_RULE, `${visitor}/${id}`, now),
  ])
  const refused = [visitorLimit, postLimit].find((result) => !result.allowed)
  if (refused) return tooManyRequests(refused.retryAfterS, TOO_MANY)

  try {
    const views = await countView(id)
    return views === null ? fail(404, NOT_FOUND) : json({ok: true, views})
  } catch {
    return fail(503, '조회수를 반영하지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
})

export const config: Config = {path: '/api/press/:id/views'}
