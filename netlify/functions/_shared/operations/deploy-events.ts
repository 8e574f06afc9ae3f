import {setting} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {asRecord, json, methodNotAllowed, readBody} from '../http.ts'
import {recordBuildAnnounced, recordBuildEnded} from './publishing.ts'

const MAX_BODY_BYTES = 256 * 1024

/**
 * The production deploy of this site an event names: Netlify posts `{payload: <deploy>}` to
 * the function named after the event. A deploy preview or branch deploy does not change
 * what visitors see, so only production's count; a payload naming another site than the
 * one Netlify runs the function for (its id is in no page) is not Netlify's.
 */
function productionDeploy(text: string, siteId: string | undefined): {createdAt: number} | null {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  const deploy = asRecord(asRecord(body)?.payload)
  if (deploy?.context !== 'production') return null
  if (siteId && deploy.site_id !== siteId) return null
  const createdAt = typeof deploy.created_at === 'string' ? Date.parse(deploy.created_at) : NaN
  return {createdAt: Number.isFinite(createdAt) ? createdAt : Date.now()}
}

/**
 * The handler of Netlify's `deploy-building` (`'building'`) or `deploy-succeeded` and
 * `deploy-failed` (`'ended'`) events: they tell the publishes' builds when a production
 * build runs, and a build's end starts the follow-up that waited for it. Anything else is
 * answered 202 and changes nothing. A forged call that passed could at most mark a build
 * begun (holding builds back for the longest a build runs) or ended (one build more).
 */
export function deployEventHandler(event: 'building' | 'ended') {
  return async (req: Request, context?: Partial<Pick<Context, 'site'>>): Promise<Response> => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const body = await readBody(req, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const deploy = productionDeploy(body.text, context?.site?.id)
    if (!deploy) return json({ok: true, recorded: false}, 202)
    try {
      if (event === 'building') await recordBuildAnnounced(deploy.createdAt)
      else await recordBuildEnded(setting('NETLIFY_BUILD_HOOK_URL'))
    } catch (error) {
      // The schedule starts the follow-up once the build counts as ended anyway.
      console.error(`deploy event: the build's ${event} state was not recorded`, error)
      return json({ok: false, recorded: false}, 202)
    }
    return json({ok: true, recorded: true}, 202)
  }
}
