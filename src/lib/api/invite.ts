import type {InviteAnswer} from '#shared/auth/staff-accounts.ts'

/* The calls of an invite's page: what its link opens, and setting the password. */

type Answer<T> = ({ok: true} & T) | {ok: false; error: string; fields?: Record<string, string>}

const NETWORK = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.'

async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => null)) as Answer<T> | null
    return answer ?? {ok: false, error: `요청을 처리하지 못했습니다. (HTTP ${response.status})`}
  } catch {
    return {ok: false, error: NETWORK}
  }
}

export const openInvite = (token: string) => post<Omit<InviteAnswer, 'ok'>>('/api/invite', {token})

export const setInvitePassword = (token: string, password: string) =>
  post<{email: string}>('/api/invite/password', {token, password})
