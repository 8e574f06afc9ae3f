import type {WaitlistView} from '#shared/visits/waitlist.ts'

/* The claim page's requests: the entry of a token, and its claim. */

export type WaitlistAnswer =
  | {kind: 'ok'; entry: WaitlistView}
  /** A refusal with the server's Korean words. */
  | {kind: 'refused'; status: number; error: string}
  | {kind: 'error'}

const NOT_FOUND = '대기 신청 정보를 찾을 수 없습니다. 받으신 링크가 정확한지 확인해 주세요.'

async function answerOf(request: Promise<Response>): Promise<WaitlistAnswer> {
  let response: Response
  try {
    response = await request
  } catch {
    return {kind: 'error'}
  }
  let body: {ok?: unknown; entry?: unknown; error?: unknown} = {}
  try {
    body = ((await response.json()) as typeof body | null) ?? {}
  } catch {
    // Not JSON: the status alone decides.
  }
  if (response.ok && body.ok === true && typeof body.entry === 'object' && body.entry)
    return {kind: 'ok', entry: body.entry as WaitlistView}
  if (response.status >= 500) return {kind: 'error'}
  return {
    kind: 'refused',
    status: response.status,
    error: typeof body.error === 'string' ? body.error : NOT_FOUND,
  }
}

const entryUrl = (token: string) => `/api/visits/waitlist/${encodeURIComponent(token)}`

export const fetchWaitlistEntry = (token: string): Promise<WaitlistAnswer> =>
  answerOf(fetch(entryUrl(token), {headers: {Accept: 'application/json'}}))

export const claimWaitlistSeat = (token: string): Promise<WaitlistAnswer> =>
  answerOf(
    fetch(`${entryUrl(token)}/claim`, {method: 'POST', headers: {Accept: 'application/json'}}),
  )
