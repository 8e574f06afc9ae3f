import type {AdminSession} from '#src/lib/admin-session.ts'

export interface PressDraft {
  site: string
  title: string
  summary: string
  content: string
}

export type PublishField = 'title' | 'summary' | 'content' | 'site'

export type PublishResult =
  {ok: true; id: string} | {ok: false; error: string; fields: Partial<Record<PublishField, string>>}

export const REQUIRED_MESSAGE = '제목과 요약은 필수입니다!'
const SIGNED_OUT = '로그인이 만료되었습니다. 다시 로그인해 주세요.'
const NETWORK_ERROR = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.'
const UNKNOWN_ERROR = '글을 등록하지 못했습니다. 잠시 후 다시 시도해 주세요.'

/** The required fields left empty, in form order (the first one gets focus). */
export function missingRequired(
  draft: Pick<PressDraft, 'title' | 'summary'>,
): Array<'title' | 'summary'> {
  return (['title', 'summary'] as const).filter((field) => draft[field].trim() === '')
}

/**
 * Publishes a post through `POST /api/press` with the administrator's access token. The
 * server sets the date and the view count; a 400 names the fields at fault in Korean.
 */
export async function publishPress(
  session: Pick<AdminSession, 'getAccessToken'>,
  draft: PressDraft,
  doFetch: typeof fetch = fetch,
): Promise<PublishResult> {
  const token = await session.getAccessToken()
  if (!token) return {ok: false, error: SIGNED_OUT, fields: {}}
  let res: Response
  try {
    res = await doFetch('/api/press', {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
      body: JSON.stringify(draft),
    })
  } catch {
    return {ok: false, error: NETWORK_ERROR, fields: {}}
  }
  const body = (await res.json().catch(() => null)) as {
    id?: unknown
    error?: unknown
    fields?: unknown
  } | null
  if (res.ok && typeof body?.id === 'string') return {ok: true, id: body.id}
  if (res.status === 401) return {ok: false, error: SIGNED_OUT, fields: {}}
  const error = typeof body?.error === 'string' && body.error !== '' ? body.error : UNKNOWN_ERROR
  const fields =
    typeof body?.fields === 'object' && body.fields !== null
      ? (body.fields as Partial<Record<PublishField, string>>)
      : {}
  return {ok: false, error, fields}
}
