import type {Env} from '#config/settings.ts'
import {sql} from '../database.ts'
import {productionCopyContext} from '../deploy-context.ts'
import {fail, SECURITY_HEADERS} from '../http.ts'

/*
 * The gate of every function (throughEdgeOnly, ../gates/visitor.ts) on a deploy preview or branch
 * deploy: until its production copy is scrubbed (./scrub.ts), nothing is answered but a
 * Korean 503, so no function reads a person's data copied from production. The forms say
 * so in their own words; a form sent without JavaScript gets the same words as a page.
 */

export const UNSCRUBBED_MESSAGE =
  '미리보기 배포라 운영 사이트에서 복사된 개인정보를 지우는 중입니다. 그때까지 등록과 조회를 ' +
  '받지 않습니다. 잠시 뒤 다시 시도해 주세요.'

/** How long a refused caller waits before trying again: the scrub runs at the build's start. */
const RETRY_AFTER_S = 300

/**
 * Whether this database has been scrubbed. False while the scrub's table does not exist yet
 * (its migration is applied after the build), or the database cannot be read.
 */
export async function isScrubbed(): Promise<boolean> {
  try {
    const [row] = await sql()<{scrubbed: boolean}>`
      SELECT EXISTS (SELECT 1 FROM personal_data_scrubs) AS scrubbed`
    return row?.scrubbed ?? false
  } catch (error) {
    console.error('production copy: whether it was scrubbed could not be read', error)
    return false
  }
}

/** A browser's own navigation (a form sent without JavaScript) reads a page, not JSON. */
const wantsPage = (req: Request): boolean =>
  req.headers.get('sec-fetch-mode') === 'navigate' ||
  (req.headers.get('accept') ?? '').split(',')[0]?.trim() === 'text/html'

function refusalPage(): Response {
  const headers = new Headers(SECURITY_HEADERS)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.set('Retry-After', String(RETRY_AFTER_S))
  const html =
    '<!doctype html><html lang="ko"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>잠시 멈춤 — 미리보기 배포</title></head><body><main>' +
    `<h1>지금은 접수를 받지 않습니다</h1><p>${UNSCRUBBED_MESSAGE}</p>` +
    '<p><a href="/">홈으로 돌아가기</a></p></main></body></html>'
  return new Response(html, {status: 503, headers})
}

/**
 * The answer to a request on an unscrubbed production copy, or null when the request may go
 * on (production, a local stack, or a scrubbed copy).
 */
export async function unscrubbedRefusal(
  req: Request,
  env: Env = process.env,
): Promise<Response | null> {
  if (!productionCopyContext(env) || (await isScrubbed())) return null
  return wantsPage(req)
    ? refusalPage()
    : fail(503, UNSCRUBBED_MESSAGE, undefined, {'Retry-After': String(RETRY_AFTER_S)})
}
