import type {Context} from '@netlify/functions'
import type {DestructionRuns} from '#shared/privacy/destruction-runs.ts'
import {fail, json} from '../http.ts'
import {staffRequest} from '../gates/staff.ts'
import {latestDestructionRuns} from './retention.ts'
import {leadSettings} from '../lead-settings.ts'

/** Runs the workspace shows: a month of daily runs. */
export const SHOWN_RUNS = 30

export const ADMINISTRATORS_ONLY = '개인정보 파기 기록은 관리자만 볼 수 있습니다.'

/**
 * GET /api/admin/destruction-runs: the latest runs of the retention job, newest first, with
 * the retention in force (administrators only: a counsellor's account is limited to sites,
 * and the record covers all of them). It names no one, so reading it is not an access to
 * personal data and is not logged.
 */
export async function destructionRunsHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
): Promise<Response> {
  const gate = await staffRequest(req, context, 'GET')
  if (!gate.ok) return gate.response
  if (gate.staff.sites !== null) return fail(403, ADMINISTRATORS_ONLY)
  try {
    const answer: DestructionRuns = {
      ok: true,
      retentionDays: leadSettings().retentionDays,
      runs: await latestDestructionRuns(SHOWN_RUNS),
    }
    return json(answer)
  } catch (error) {
    console.error('destruction runs: database unavailable', error)
    return fail(503, '일시적인 장애로 파기 기록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
}
