import type {Context} from '@netlify/functions'
import type {Incidents} from '#shared/operations/health.ts'
import {fail, json} from '../http.ts'
import {administratorRequest} from '../gates/staff.ts'
import {readHealth} from './health.ts'
import {openIncidents} from '../incidents.ts'

/*
 * The 운영 상태 endpoints, for administrators (a counsellor's request is a 403, logged as a
 * refusal): the health page's figures, and the open incidents every workspace page shows at
 * its top. They count and name no one, so they are not in the access record.
 */

export const ADMINISTRATORS_ONLY = '운영 상태는 관리자만 볼 수 있습니다.'
const UNAVAILABLE = '일시적인 장애로 운영 상태를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.'

/** GET /api/admin/health: see Health (#shared/operations/health.ts). */
export async function healthHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now: () => number = Date.now,
): Promise<Response> {
  const gate = await administratorRequest(req, context, 'GET', ADMINISTRATORS_ONLY)
  if (!gate.ok) return gate.response
  try {
    return json(await readHealth(now()))
  } catch (error) {
    console.error('health: the figures could not be read', error)
    return fail(503, UNAVAILABLE)
  }
}

/** GET /api/admin/incidents: the incidents open now (one small read, for every page). */
export async function incidentsHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
): Promise<Response> {
  const gate = await administratorRequest(req, context, 'GET', ADMINISTRATORS_ONLY)
  if (!gate.ok) return gate.response
  try {
    const answer: Incidents = {
      ok: true,
      incidents: await openIncidents(),
      readAt: new Date().toISOString(),
    }
    return json(answer)
  } catch (error) {
    console.error('incidents: could not be read', error)
    return fail(503, UNAVAILABLE)
  }
}
