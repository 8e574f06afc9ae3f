import {setting} from '#config/settings.ts'
import type {Config} from '@netlify/functions'
import {decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {asRecord, fail, json, methodNotAllowed, readBody} from './_shared/http.ts'
import {buildForPublish} from './_shared/operations/publishing.ts'
import {claimDelivery, deliveryKeys, releaseDelivery} from './_shared/webhook-deliveries.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * How old a signature may be. Sanity signs each delivery when it sends it; an older one is
 * a recorded request sent again, which must not start a build.
 */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000
const MAX_BODY_BYTES = 256 * 1024

const UNSIGNED = '서명이 없거나 올바르지 않습니다.'
const EXPIRED = '서명이 만료되었습니다.'
const ALREADY_DONE = '이미 처리한 전달입니다. 빌드를 다시 시작하지 않습니다.'
const FOLLOW_UP = '빌드가 진행 중이거나 방금 시작되어, 끝난 뒤 한 번 더 빌드해 함께 반영합니다.'
const NO_DATABASE = '전달을 확인하지 못했습니다. 잠시 후 다시 시도됩니다.'

/** A document id that is not a published document's: a draft or a release version. */
const UNPUBLISHED_ID = /^(drafts|versions)\./

/**
 * `POST /api/sanity-webhook`: Sanity's signed webhook for a published change. A request
 * signed with SANITY_WEBHOOK_SECRET within the last five minutes is a publish, once: the
 * same delivery again (a replay, a retry) is answered 200 and changes nothing. A publish
 * starts a build through NETLIFY_BUILD_HOOK_URL, or, while a build runs or within
 * PUBLISH_BUILD_WINDOW_S of one, waits for the one follow-up build
 * (./_shared/operations/build-window.ts). Anything else starts nothing.
 */
export default throughEdgeOnly(async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const secret = setting('SANITY_WEBHOOK_SECRET')
  const buildHook = setting('NETLIFY_BUILD_HOOK_URL')
  if (!secret || !buildHook) {
    console.error(
      'sanity-webhook: SANITY_WEBHOOK_SECRET and NETLIFY_BUILD_HOOK_URL must both be set',
    )
    return fail(503, '웹훅이 설정되지 않았습니다.')
  }

  const body = await readBody(req, MAX_BODY_BYTES)
  if (!body.ok) return body.response
  const signature = req.headers.get(SIGNATURE_HEADER_NAME) ?? ''
  if (!(await isValidSignature(body.text, signature, secret))) return fail(401, UNSIGNED)
  const signedAt = decodeSignatureHeader(signature).timestamp
  if (Math.abs(Date.now() - signedAt) > SIGNATURE_MAX_AGE_MS) return fail(401, EXPIRED)

  // The webhook's filter sends published changes only; a draft sent anyway changes no page.
  const id = parsedId(body.text)
  if (id !== undefined && UNPUBLISHED_ID.test(id)) return json({ok: true, build: false}, 202)

  // Sanity names each delivery in `idempotency-key` (`webhook-id` in the Standard Webhooks form).
  const keys = deliveryKeys(
    signature,
    req.headers.get('idempotency-key') ?? req.headers.get('webhook-id'),
  )
  try {
    if (!(await claimDelivery(keys))) return json({ok: true, build: false, note: ALREADY_DONE})
  } catch (error) {
    console.error('sanity-webhook: database unavailable', error)
    // Sanity delivers again after a failed answer.
    return fail(503, NO_DATABASE, undefined, {'Retry-After': '60'})
  }

  let build: 'started' | 'follow-up'
  try {
    build = await buildForPublish(buildHook, `Sanity: ${id ?? '게시된 변경'}`)
  } catch (error) {
    console.error(`sanity-webhook: the build hook failed: ${(error as Error).message}`)
    // Sanity delivers again after a failed answer, which must then start the build.
    await releaseDelivery(keys).catch((released: unknown) =>
      console.error('sanity-webhook: the delivery could not be released', released),
    )
    return fail(502, '빌드를 시작하지 못했습니다. 잠시 후 다시 시도됩니다.')
  }
  if (build === 'follow-up') return json({ok: true, build: false, note: FOLLOW_UP}, 202)
  return json({ok: true, build: true}, 202)
})

/** The `_id` of the payload, when the webhook's projection includes it. */
function parsedId(text: string): string | undefined {
  try {
    const id = asRecord(JSON.parse(text))?._id
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

export const config: Config = {path: '/api/sanity-webhook'}
