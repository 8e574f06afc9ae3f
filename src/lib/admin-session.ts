/**
 * The administrator's session in the browser. The access token lives only in this
 * module's memory; the refresh token is an httpOnly cookie the page never sees. The
 * token counts as expired 30 seconds before its real expiry and is refreshed then if the
 * person worked since the last refresh (or on the next use, if the tab slept through the
 * timer). After a reload the session comes back through one refresh call.
 *
 * A sign-in ends when work stops: the server's idle limit (`idleLimitS`, 30 minutes by
 * default) after the last press, tap, key or wheel in any of the site's tabs. A minute before,
 * the state carries `idleEndsAt` for the warning dialog, whose 로그인 유지 calls
 * `stayActive()`; at the limit the session signs out (`idle: true`). Every refresh tells the
 * server how long ago the person last worked, so a refresh made for a request nobody asked
 * for (a list that reloads itself) never moves the end.
 *
 * React reads it with `useSyncExternalStore(adminSession.subscribe,
 * adminSession.getSnapshot, adminSession.getSnapshot)`; the first subscription restores
 * the session, so the state is 'unknown' only until that answer arrives.
 */

import type {EnrolledFactors} from '#shared/auth/enrolled-factors.ts'

export type {EnrolledFactors}

export type AdminSessionState =
  | {status: 'unknown'}
  /** `notice`: why the session ended by itself (no work for the idle limit, a disabled account). */
  | {status: 'signedOut'; notice?: string}
  /**
   * Signed in with the password alone: the second factor comes next (or, for an account
   * without one, its enrolment). The server refuses every other request of such a sign-in.
   */
  | {status: 'secondFactor'; email: string; enrolled: EnrolledFactors}
  /**
   * `sites`: the sites the account may see (null: every site), to offer in the pickers.
   * `idleEndsAt`: when the sign-in ends for want of work, in its last minute (else null).
   */
  | {
      status: 'signedIn'
      email: string
      sites: readonly string[] | null
      idleEndsAt: number | null
    }

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
  /** The person chose to stay signed in (the warning's 로그인 유지): counts as work. */
  stayActive(): void
  /** The server refused the sign-in (401): signed out here too, with its reason to show. */
  end(notice: string): void
  /**
   * A token valid for at least 30 more seconds, refreshed first if needed; null when signed out.
   * A sign-in still at its second factor has one too, for the second factor's own requests.
   */
  getAccessToken(): Promise<string | null>
  /**
   * The token while it is valid for at least 30 more seconds, never refreshed: for reads
   * nobody asked for (a banner polling), which wait for the person's next work instead of
   * keeping the sign-in busy with refreshes.
   */
  currentAccessToken(): string | null
}

export interface AdminSessionOptions {
  fetch?: typeof fetch
  /** Where the "a session may exist" hint is kept; null keeps it nowhere. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /**
   * Where other tabs' storage changes and the person's work (presses, keys) arrive (the
   * window); null listens nowhere.
   */
  events?: Pick<EventTarget, 'addEventListener'> | null
}

/** Refresh this long before the token's expiry, so no request carries a token about to lapse. */
export const REFRESH_MARGIN_MS = 30_000
/** After a failed refresh that was not a refusal (offline, server error), try again this soon. */
export const RETRY_MS = 15_000
/** The warning comes this long before a sign-in ends for want of work. */
export const IDLE_WARNING_MS = 60_000
/** The idle limit until the server says otherwise (an older server's answer has none). */
const DEFAULT_IDLE_LIMIT_S = 30 * 60
/** What counts as work: a press, a tap, a key, a turn of the wheel. */
const WORK_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const
/** The site's other tabs hear of work at most this often. */
const WORK_SHARE_MS = 5_000

// Only a hint that a refresh is worth trying on load, so that visitors who never signed in
// send no refresh request (and get no 401 in their console). It holds no secret.
const HINT_KEY = 'admin-session'
/** When the person last worked in any tab (milliseconds), so one idle tab does not end all. */
const WORK_KEY = 'admin-session-work'

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
  idleLimitS?: number
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
      (Array.isArray(value.sites) && value.sites.every((site) => typeof site === 'string'))) &&
    (value.idleLimitS === undefined || typeof value.idleLimitS === 'number')
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
  // The hint and the shared time of work are a convenience: storage that is full or blocked
  // must not break the session.
  const stored = {
    get: (key: string): string | null => {
      try {
        return storage()?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    set: (key: string, value: string | null): void => {
      try {
        if (value !== null) storage()?.setItem(key, value)
        else storage()?.removeItem(key)
      } catch {
        // Nothing to do: the next load will not try to restore, other tabs count their own work.
      }
    },
  }
  const hint = {
    get: (): boolean => stored.get(HINT_KEY) !== null,
    set: (present: boolean): void => stored.set(HINT_KEY, present ? '1' : null),
  }

  let state: AdminSessionState = UNKNOWN
  let token: {value: string; refreshAt: number} | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let idleLimitMs = DEFAULT_IDLE_LIMIT_S * 1000
  // When the person last worked, and when this tab last refreshed (and last shared its work).
  let lastWork = 0
  let lastRefresh = 0
  let sharedWork = 0
  let refreshing: Promise<void> | null = null
  let restoring: Promise<void> | null = null
  // Bumped by every sign-in and sign-out, so that an answer to an older request is ignored.
  let generation = 0
  const listeners = new Set<() => void>()
  let watchingTabs = false

  // A sign-out in another tab removes the hint: end this tab's session at once too,
  // rather than letting it publish with its access token until that expires. Work in another
  // tab keeps this one signed in.
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
      if (change.key === WORK_KEY && Number(change.newValue) > lastWork) {
        lastWork = Number(change.newValue)
        watchIdle()
      }
    })
    for (const name of WORK_EVENTS)
      events?.addEventListener(name, () => noteWork(), {capture: true, passive: true})
  }

  /** Work while signed in; during the warning only 로그인 유지 counts (stayActive). */
  function noteWork(): void {
    if (state.status !== 'signedIn' || state.idleEndsAt !== null) return
    lastWork = Date.now()
    if (lastWork - sharedWork >= WORK_SHARE_MS) {
      sharedWork = lastWork
      stored.set(WORK_KEY, String(lastWork))
    }
  }

  /** Warns in the last minute before the idle limit, and signs out at it. */
  function watchIdle(): void {
    clearTimeout(idleTimer)
    if (state.status !== 'signedIn') return
    const now = Date.now()
    const endsAt = lastWork + idleLimitMs
    if (now >= endsAt) {
      const minutes = Math.round(idleLimitMs / 60_000)
      session.end(`${minutes}분 동안 사용하지 않아 로그아웃했습니다. 다시 로그인해 주세요.`)
      return
    }
    const warnAt = endsAt - IDLE_WARNING_MS
    setState({...state, idleEndsAt: now >= warnAt ? endsAt : null})
    idleTimer = setTimeout(watchIdle, (now >= warnAt ? endsAt : warnAt) - now)
  }

  function setState(next: AdminSessionState): void {
    const identity = (value: AdminSessionState): string | undefined =>
      value.status === 'signedIn'
        ? JSON.stringify([value.email, value.sites, value.idleEndsAt])
        : value.status === 'secondFactor'
          ? JSON.stringify([value.email, value.enrolled])
          : value.status === 'signedOut'
            ? (value.notice ?? '')
            : undefined
    // Same state, same snapshot object: React re-renders only on a real change.
    if (next.status === state.status && identity(next) === identity(state)) return
    state = next
    for (const listener of [...listeners]) listener()
  }

  /**
   * Refreshes when the token is about to lapse, only if the person worked since the last
   * refresh: otherwise it lapses, and a request made when they come back refreshes it.
   */
  function schedule(delayMs: number): void {
    clearTimeout(timer)
    timer = setTimeout(
      () => {
        if (lastWork > lastRefresh) void refresh()
      },
      Math.max(0, delayMs),
    )
  }

  // The account of the sign-in, for when its second factor passes.
  let account: {email: string; sites: readonly string[] | null} | null = null

  function signedIn(answer: TokenAnswer): void {
    const now = Date.now()
    const refreshAt = now + answer.expiresIn * 1000 - REFRESH_MARGIN_MS
    token = {value: answer.accessToken, refreshAt}
    idleLimitMs = (answer.idleLimitS ?? DEFAULT_IDLE_LIMIT_S) * 1000
    lastRefresh = now
    // Signing in, or opening a page of a sign-in, is work.
    if (state.status !== 'signedIn') lastWork = Math.max(lastWork, now)
    hint.set(true)
    schedule(refreshAt - now)
    account = {email: answer.email, sites: answer.sites ?? null}
    if (answer.factor === null) {
      setState({
        status: 'secondFactor',
        email: answer.email,
        enrolled: answer.enrolled ?? {totp: false, passkeys: 0, recoveryCodes: 0},
      })
      return
    }
    setState({
      status: 'signedIn',
      ...account,
      idleEndsAt: state.status === 'signedIn' ? state.idleEndsAt : null,
    })
    watchIdle()
  }

  function signedOut(next: AdminSessionState = SIGNED_OUT): void {
    clearTimeout(timer)
    clearTimeout(idleTimer)
    token = null
    account = null
    hint.set(false)
    setState(next)
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
      // How long ago the person last worked: the server counts the idle limit from then.
      const idle = lastWork > 0 ? {idleS: Math.floor((Date.now() - lastWork) / 1000)} : undefined
      res = await acrossTabs(() => post('/api/admin/refresh', idle))
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
      if (state.status !== 'secondFactor' || !account) return
      // The idle limit counts from the password's answer, as the server's does.
      setState({status: 'signedIn', ...account, idleEndsAt: null})
      watchIdle()
    },

    async logout() {
      generation++
      signedOut()
      // The server revokes the refresh token; signed out here whatever it answers.
      await post('/api/admin/logout').catch(() => undefined)
    },

    end(notice) {
      generation++
      signedOut({status: 'signedOut', notice})
      // The server ended the sign-in, or ends it by itself too; this drops the cookie now.
      void post('/api/admin/logout').catch(() => undefined)
    },

    stayActive() {
      if (state.status !== 'signedIn') return
      lastWork = Date.now()
      sharedWork = lastWork
      stored.set(WORK_KEY, String(lastWork))
      setState({...state, idleEndsAt: null})
      watchIdle()
      // The server's end moves with the new token.
      void refresh()
    },

    async getAccessToken() {
      if (state.status === 'unknown') await session.restore()
      if (token && Date.now() < token.refreshAt) return token.value
      if (state.status !== 'signedIn' && state.status !== 'secondFactor') return null
      await refresh()
      return token && Date.now() < token.refreshAt ? token.value : null
    },
    currentAccessToken() {
      if (state.status !== 'signedIn') return null
      return token && Date.now() < token.refreshAt ? token.value : null
    },
  }
  return session
}

/** The one session of the site. */
export const adminSession = createAdminSession()
