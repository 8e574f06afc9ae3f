import {setting} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {auditStaffRefusal} from './signed-in.ts'
import {fail} from '../http.ts'

/**
 * The origins the site's own pages run on: the address the request came to, and the
 * configured public address (behind a proxy the request's own address is an inner one).
 */
function siteOrigins(req: Request): Set<string> {
  const origins = new Set([new URL(req.url).origin])
  const configured = setting('SITE_URL')
  if (configured) origins.add(new URL(configured).origin)
  return origins
}

/**
 * A request another site's page made the browser send. The session cookie is SameSite,
 * which browsers enforce unevenly (and not at all between two ports of one host); the
 * Origin header and Sec-Fetch-Site say where the request really comes from. A request
 * with neither (a script, an old browser) has no page behind it to refuse.
 */
export function isCrossSite(req: Request): boolean {
  if (req.headers.get('sec-fetch-site') === 'cross-site') return true
  const origin = req.headers.get('origin')
  return origin !== null && !siteOrigins(req).has(origin)
}

/**
 * The answer to a cross-site request (403, changing nothing, logged as a refusal), or null
 * for a request of the site's own pages.
 */
export async function refuseCrossSite(
  req: Request,
  context: Pick<Context, 'ip'>,
): Promise<Response | null> {
  if (!isCrossSite(req)) return null
  await auditStaffRefusal(req, context, {reason: 'cross-site'})
  return fail(
    403,
    '다른 사이트에서 보낸 요청은 처리할 수 없습니다. 이 사이트에서 다시 시도해 주세요.',
  )
}
