import {setting} from '#config/settings.ts'
import type {Config} from '@netlify/functions'
import {fail, json} from './_shared/http.ts'
import {startDueFollowUp} from './_shared/operations/publishing.ts'
import {mayRunSchedule} from './_shared/scheduled-runs.ts'
import {recordsRun} from './_shared/operations/job-runs.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * Starts the follow-up build that publishes made while a build ran or within the window of
 * one, once it may start: a backstop for a build whose end Netlify never announced, and the
 * retry of a build hook that refused. One read of Netlify Blobs a minute; no database.
 */
async function publishFollowUp(req: Request): Promise<Response> {
  if (!mayRunSchedule(req, 'publish-follow-up'))
    return fail(401, '예약된 작업은 예약 실행으로만 시작됩니다.')
  const hookUrl = setting('NETLIFY_BUILD_HOOK_URL')
  if (!hookUrl) return json({ok: true, started: false})
  try {
    return json({ok: true, started: await startDueFollowUp(hookUrl)})
  } catch (error) {
    console.error('publish-follow-up: the follow-up did not start; the next run tries again', error)
    return fail(503, '이어지는 빌드를 시작하지 못했습니다. 다음 실행에서 다시 시도합니다.')
  }
}

export default throughEdgeOnly(recordsRun('publish-follow-up', publishFollowUp))

export const config: Config = {schedule: '* * * * *'}
