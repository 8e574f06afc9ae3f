import {
  VISITOR_API,
  type CodeSent,
  type Erased,
  type StaffRequestKind,
  type VisitorData,
  type VisitorRequest,
  type VisitorSession,
} from '#shared/visitor-data/contract.ts'

/*
 * The data page's calls (docs/visitors-rights.md), and its session: kept in the tab's
 * sessionStorage only (gone when the tab closes), never in a cookie, for one site at a time.
 */

export type Answer<T> =
  ({ok: true} & T) | {ok: false; status: number; error: string; fields: Record<string, string>}

const NETWORK = '연결이 원활하지 않아 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'
const FAILED = '일시적인 장애로 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'

async function answerOf<T>(request: Promise<Response>): Promise<Answer<T>> {
  let response: Response
  try {
    response = await request
  } catch {
    return {ok: false, status: 0, error: NETWORK, fields: {}}
  }
  let body: Record<string, unknown> = {}
  try {
    body = ((await response.json()) as Record<string, unknown> | null) ?? {}
  } catch {
    // Not JSON (a proxy's page): the status decides.
  }
  if (response.ok && body.ok === true) return body as {ok: true} & T
  return {
    ok: false,
    status: response.status,
    error: typeof body.error === 'string' && response.status < 500 ? body.error : FAILED,
    fields: (body.fields as Record<string, string> | undefined) ?? {},
  }
}

const post = <T>(path: string, body: unknown, token?: string) =>
  answerOf<T>(
    fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token ? {Authorization: `Bearer ${token}`} : {}),
      },
      body: JSON.stringify(body),
    }),
  )

/** Who asks for a code: a typed number (the privacy page's form) or a visit link's token. */
export type Asker = {site: string; phone: string} | {site: string; link: string}

export const askCode = (asker: Asker) => post<Omit<CodeSent, 'ok'>>(VISITOR_API.code, asker)

export const verifyCode = (asker: Asker, code: string) =>
  post<Omit<VisitorSession, 'ok'>>(VISITOR_API.verify, {...asker, code})

export const fetchVisitorData = (token: string) =>
  answerOf<Omit<VisitorData, 'ok'>>(
    fetch(VISITOR_API.data, {
      headers: {Accept: 'application/json', Authorization: `Bearer ${token}`},
    }),
  )

export const eraseAll = (token: string) => post<Omit<Erased, 'ok'>>(VISITOR_API.erase, {}, token)

export const correctName = (token: string, name: string) =>
  post<{leads: number}>(VISITOR_API.name, {name}, token)

export const askNumberCode = (token: string, phone: string) =>
  post<Omit<CodeSent, 'ok'>>(VISITOR_API.phone, {phone}, token)

export const confirmNumber = (token: string, phone: string, code: string) =>
  post<Omit<VisitorSession, 'ok'>>(VISITOR_API.phoneConfirm, {phone, code}, token)

export const stopMarketing = (token: string) =>
  post<{leads: number}>(VISITOR_API.marketing, {}, token)

export const sendRequest = (token: string, kind: StaffRequestKind, body: string) =>
  post<{request: VisitorRequest}>(VISITOR_API.requests, {kind, body}, token)

const storageKey = (site: string) => `visitor-data:${site}`

export interface StoredSession {
  token: string
  expiresAt: string
}

/** The tab's session for `site`, if it has one that has not ended. */
export function readSession(site: string, now = Date.now()): StoredSession | null {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(storageKey(site)) ?? 'null',
    ) as StoredSession | null
    return stored && Date.parse(stored.expiresAt) > now ? stored : null
  } catch {
    return null
  }
}

export function saveSession(site: string, session: StoredSession): void {
  try {
    sessionStorage.setItem(
      storageKey(site),
      JSON.stringify({token: session.token, expiresAt: session.expiresAt}),
    )
  } catch {
    // Storage refused (a private window's quota): the page keeps the session in memory.
  }
}

export function clearSession(site: string): void {
  try {
    sessionStorage.removeItem(storageKey(site))
  } catch {
    // Nothing kept.
  }
}
