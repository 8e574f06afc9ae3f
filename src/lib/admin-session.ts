/**
 * The administrator's session in the browser. The access token lives only in this
 * module's memory; the refresh token is an httpOnly cookie the page never sees. The
 * token counts as expired 30 seconds before its real expiry and is refreshed then (or on
 * the next use, if the tab slept through the timer). After a reload the session comes
 * back through one refresh call.
 *
 * React reads it with `useSyncExternalStore(adminSession.subscribe,
 * adminSession.getSnapshot, adminSession.getSnapshot)`; the first subscription restores
 * the session, so the state is 'unknown' only until that answer arrives.
 */

import type {EnrolledFactors} from '#shared/auth/enrolled-factors.ts'

export type {EnrolledFactors}

export type AdminSessionState =
  | {status: 'unknown'}
  | {status: 'signedOut'}
  /**
   * Signed in with the password alone: the second factor comes next (or, for an account
   * without one, its enrolment). The server refuses every other request of such a sign-in.
   */
  | {status: 'secondFactor'; email: string; enrolled: EnrolledFactors}
  /** `sites`: the sites the account may see (null: every site), to offer in the pickers. */
  | {status: 'signedIn'; email: string; sites: readonly string[] | null}

/**
 * The sites to offer in the staff page's pickers: those the signed-in account may see (an
 * administrator's `sites` is null: every site).
 */
export function offeredSites<Site extends {slug?: string | null}>(
  sites: readonly Site[],
  state: AdminSessionState,
): Site[] {
  const allowed = state.status === 'signedIn' ? state.sites : null
  return sites.filter((site) => !allowed || (site.slug && allowed.includes(site.slug)))
}

export type LoginResult = {ok: true} | {ok: false; error: string}

export interface AdminSession {
  getSnapshot(): AdminSessionState
  subscribe(listener: () => void): () => void
  /** Brings a session back after a reload (runs once; later calls wait for that one). */
  restore(): Promise<void>
  /** On failure `error` is the reason in Korean, to show after '로그인 실패: '. */
  login(email: string, password: string): Promise<LoginResult>
  /** The sign-in passed its second factor (the server said so): the workspace opens. */
  secondFactorPassed(): void
  logout(): Promise<void>
  /**
   * A token valid for at least 30 more seconds, refreshed first if needed; null when signed out.
   * A sign-in still at its second factor has one too, for the second factor's own requests.
   */
  getAccessToken(): Promise<string | null>
}

export interface AdminSessionOptions {
  fetch?: typeof fetch
  /** Where the "a session may exist" hint is kept; null keeps it nowhere. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /** Where other tabs' storage changes arrive (the window); null listens nowhere. */
  events?: Pick<EventTarget, 'addEventListener'> | null
}

/** Refresh this long before the token's expiry, so no request carries a token about to lapse. */
export const REFRESH_MARGIN_MS = 30_000
/** After a failed refresh that was not a refusal (offline, server error), try again this soon. */
export const RETRY_MS = 15_000

// Only a hint that a refresh is worth trying on load, so that visitors who never signed in
// send no refresh request (and get no 401 in their console). It holds no secret.
const HINT_KEY = 'admin-session'

const UNKNOWN: AdminSessionState = {status: 'unknown'}
const SIGNED_OUT: AdminSessionState = {status: 'signedOut'}

const NETWORK_ERROR = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.'
const UNKNOWN_ERROR = '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.'

interface TokenAnswer {
  accessToken: string
  email: string
  expiresIn: number
  /** Absent from an older server's answer: then every site is offered (the server still checks). */
  sites?: string[] | null
  /** The second factor the sign-in passed; null: none yet. */
  factor?: string | null
  enrolled?: EnrolledFactors
}

function isTokenAnswer(body: unknown): body is TokenAnswer {
  const value = body as Partial<TokenAnswer> | null
  return (
    typeof value?.accessToken === 'string' &&
    typeof value.email === 'string' &&
    typeof value.expiresIn === 'number' &&
    (value.factor === undefined || value.factor === null || typeof value.factor === 'string') &&
    (value.sites === undefined ||
      value.sites === null ||
      (Array.isArray(value.sites) && value.sites.every((site) => typeof site === 'string')))
  )
}

function defaultStorage(): AdminSessionOptions['storage'] {
  // Reading localStorage throws where privacy settings block it; the caller catches.
  return globalThis.localStorage ?? null
}

/** Runs `task` while holding a lock shared by the site's tabs, where the browser has one. */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  return locks ? (locks.request('admin-session-refresh', task) as Promise<T>) : task()
}

export function createAdminSession(options: AdminSessionOptions = {}): AdminSession {
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)
  const storage = (): AdminSessionOptions['storage'] =>
    options.storage === undefined ? defaultStorage() : options.storage
  // The hint is a convenience: storage that is full or blocked must not break the session.
  const hint = {
    get: (): boolean => {
      try {
        return storage()?.getItem(HINT_KEY) != null
      } catch {
        return false
      }
    },
    set: (present: boolean): void => {
      try {
        if (present) storage()?.setItem(HINT_KEY, '1')
        else storage()?.removeItem(HINT_KEY)
      } catch {
        // Nothing to do: the next load simply will not try to restore.
      }
    },
  }

  let state: AdminSessionState = UNKNOWN
  let token: {value: string; refreshAt: number} | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let refreshing: Promise<void> | null = null
  let restoring: Promise<void> | null = null
  // Bumped by every sign-in and sign-out, so that an answer to an older request is ignored.
  let generation = 0
  const listeners = new Set<() => void>()
  let watchingTabs = false

  // A sign-out in another tab removes the hint: end this tab's session at once too,
  // rather than letting it publish with its access token until that expires.
  function watchOtherTabs(): void {
    if (watchingTabs) return
    watchingTabs = true
    const events =
      options.events === undefined
        ? typeof window === 'undefined'
          ? null
          : window
        : options.events
    events?.addEventListener('storage', (event) => {
      const change = event as StorageEvent
      const live = state.status === 'signedIn' || state.status === 'secondFactor'
      if (change.key === HINT_KEY && change.newValue === null && live) {
        generation++
        signedOut()
      }
    })
  }

  function setState(next: AdminSessionState): void {
    const account = (value: AdminSessionState): string | undefined =>
      value.status === 'signedIn'
        ? JSON.stringify([value.email, value.sites])
        : value.status === 'secondFactor'
          ? JSON.stringify([value.email, value.enrolled])
          : undefined
    // Same state, same snapshot object: React re-renders only on a real change.
    if (next.status === state.status && account(next) === account(state)) return
    state = next
    for (const listener of [...listeners]) listener()
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer)
    timer = setTimeout(() => void refresh(), Math.max(0, delayMs))
  }

  // The account of the sign-in, for when its second factor passes.
  let account: {email: string; sites: readonly string[] | null} | null = null

  function signedIn(answer: TokenAnswer): void {
    const refreshAt = Date.now() + answer.expiresIn * 1000 - REFRESH_MARGIN_MS
    token = {value: answer.accessToken, refreshAt}
    hint.set(true)
    schedule(refreshAt - Date.now())
    account = {email: answer.email, sites: answer.sites ?? null}
    setState(
      answer.factor === null
        ? {
            status: 'secondFactor',
            email: answer.email,
            enrolled: answer.enrolled ?? {totp: false, passkeys: 0, recoveryCodes: 0},
          }
        : {status: 'signedIn', ...account},
    )
  }

  function signedOut(): void {
    clearTimeout(timer)
    token = null
    account = null
    hint.set(false)
    setState(SIGNED_OUT)
  }

  async function post(path: string, body?: unknown): Promise<Response> {
    return doFetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : {'Content-Type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  async function refreshOnce(): Promise<void> {
    const started = generation
    let res: Response
    try {
      res = await acrossTabs(() => post('/api/admin/refresh'))
    } catch {
      if (started !== generation) return
      if (state.status === 'unknown') setState(SIGNED_OUT)
      else schedule(RETRY_MS)
      return
    }
    if (started !== generation) return
    const body: unknown = await res.json().catch(() => null)
    // A sign-out can also come while the body is still arriving.
    if (started !== generation) return
    if (res.ok && isTokenAnswer(body)) return signedIn(body)
    if (res.status === 401 || res.status === 403) return signedOut()
    // A server error says nothing about the session: keep it and try again soon.
    if (state.status === 'unknown') setState(SIGNED_OUT)
    else schedule(RETRY_MS)
  }

  function refresh(): Promise<void> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  const session: AdminSession = {
    getSnapshot: () => state,

    subscribe(listener) {
      listeners.add(listener)
      watchOtherTabs()
      void session.restore()
      return () => listeners.delete(listener)
    },

    restore() {
      if (!restoring) {
        if (state.status === 'unknown' && hint.get()) {
          restoring = refresh()
        } else {
          if (state.status === 'unknown') setState(SIGNED_OUT)
          restoring = Promise.resolve()
        }
      }
      return restoring
    },

    async login(email, password) {
      const started = ++generation
      let res: Response
      try {
        res = await post('/api/admin/login', {email, password})
      } catch {
        return {ok: false, error: NETWORK_ERROR}
      }
      const body: unknown = await res.json().catch(() => null)
      if (started !== generation) return {ok: false, error: UNKNOWN_ERROR}
      if (res.ok && isTokenAnswer(body)) {
        signedIn(body)
        return {ok: true}
      }
      const error = (body as {error?: unknown} | null)?.error
      return {ok: false, error: typeof error === 'string' && error !== '' ? error : UNKNOWN_ERROR}
    },

    secondFactorPassed() {
      if (state.status === 'secondFactor' && account) setState({status: 'signedIn', ...account})
    },

    async logout() {
      generation++
      signedOut()
      // The server revokes the refresh token; signed out here whatever it answers.
      await post('/api/admin/logout').catch(() => undefined)
    },

    async getAccessToken() {
      if (state.status === 'unknown') await session.restore()
      if (token && Date.now() < token.refreshAt) return token.value
      if (state.status !== 'signedIn' && state.status !== 'secondFactor') return null
      await refresh()
      return token && Date.now() < token.refreshAt ? token.value : null
    },
  }
  return session
}

/** The one session of the site. */
export const adminSession = createAdminSession()
