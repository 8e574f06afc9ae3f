import type {Config, Context} from '@netlify/functions'
import {setting} from '#config/settings.ts'
import {fail, json, methodNotAllowed, tooManyRequests} from './_shared/http.ts'
import {countView, PUBLISHED_ID} from './_shared/press-views.ts'
import {hit, type RateLimitRule} from './_shared/rate-limit.ts'
import {throughEdgeOnly, visitorKey} from './_shared/gates/visitor.ts'

const WINDOW_S = 10 * 60

/**
 * Sweeping through every post, and opening one post again and again (half as many), each
 * hit a limit per address: `PRESS_VIEWS_RATE_LIMIT` views in 10 minutes, 60 unless set, 0
 * for none. Read per request, as the registrations' limits are.
 */
function viewRules(): RateLimitRule[] {
  const limit = setting('PRESS_VIEWS_RATE_LIMIT')
  if (limit === 0) return []
  return [
    {bucket: 'views', limit, windowS: WINDOW_S},
    {bucket: 'views-post', limit: Math.max(1, Math.floor(limit / 2)), windowS: WINDOW_S},
  ]
}

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
  const limits = await Promise.all(
    viewRules().map((rule) =>
      hit(rule, rule.bucket === 'views' ? visitor : `${visitor}/${id}`, now),
    ),
  )
  const refused = limits.find((result) => !result.allowed)
  if (refused) return tooManyRequests(refused.retryAfterS, TOO_MANY)

  try {
    const views = await countView(id)
    return views === null ? fail(404, NOT_FOUND) : json({ok: true, views})
  } catch {
    return fail(503, '조회수를 반영하지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
})

export const config: Config = {path: '/api/press/:id/views'}
