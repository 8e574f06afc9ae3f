import type {Config} from '@netlify/functions'
import {fail, json, methodNotAllowed} from './_shared/http.ts'
import {PUBLISHED_ID, readViews} from './_shared/press-views.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'
import {VIEW_COUNT_IDS_PER_REQUEST as MAX_IDS} from '#shared/press-views.ts'

/** Counts a few seconds old are good enough for a list, and a busy list is read once a while. */
const CACHE_CONTROL = 'public, max-age=10, s-maxage=10'

const WRONG_IDS = `조회수를 볼 글을 1~${MAX_IDS}개까지 쉼표로 구분해 보내 주세요.`

/**
 * `GET /api/press/views?ids=a,b,…`: the view counts of these posts, `{ok, views: {id: n}}`
 * (0 for a post nobody opened yet). The press list shows them beside its posts.
 */
export default throughEdgeOnly(async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET'])
  const ids = [...new Set((new URL(req.url).searchParams.get('ids') ?? '').split(','))]
  if (ids.length > MAX_IDS || !ids.every((id) => PUBLISHED_ID.test(id)))
    return fail(400, WRONG_IDS, {ids: WRONG_IDS})
  try {
    return json({ok: true, views: await readViews(ids)}, 200, {'Cache-Control': CACHE_CONTROL})
  } catch (error) {
    console.error('press views: database unavailable', error)
    return fail(503, '조회수를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
})

export const config: Config = {path: '/api/press/views'}
