import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {createAdminSession, offeredSites, type AdminSessionOptions} from './admin-session.ts'

/** A fake of the three admin endpoints, recording the calls. */
function fakeServer() {
  let issued = 0
  const answers: Partial<Record<string, () => Response | Promise<Response>>> = {}
  const tokenAnswer = (): Response =>
    Response.json({
      ok: true,
      accessToken: `token-${++issued}`,
      email: 'admin@example.com',
      expiresAt: '',
      expiresIn: 600,
      sites: ['ulsan-lakepark'],
      idleLimitS: 1800,
    })
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input)
    const answer = answers[path]
    if (answer) return answer()
    if (path === '/api/admin/login') {
      const {password} = JSON.parse(String(init?.body)) as {password: string}
      return password === 'right'
        ? tokenAnswer()
        : Response.json(
            {ok: false, error: '이메일 또는 비밀번호가 올바르지 않습니다.'},
            {status: 401},
          )
    }
    if (path === '/api/admin/refresh') return tokenAnswer()
    return Response.json({ok: true})
  })
  const calls = (path: string): number =>
    fetch.mock.calls.filter(([input]) => String(input) === path).length
  /** The bodies the refreshes were sent with (undefined: none). */
  const refreshBodies = (): unknown[] =>
    fetch.mock.calls
      .filter(([input]) => String(input) === '/api/admin/refresh')
      .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined))
  return {fetch, answers, calls, refreshBodies}
}

/** A press of the person's, where the session listens for work. */
const work = (events: EventTarget) => events.dispatchEvent(new Event('pointerdown'))

function memoryStorage(
  initial: Record<string, string> = {},
): NonNullable<AdminSessionOptions['storage']> & {data: Record<string, string>} {
  const data = {...initial}
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => void (data[key] = value),
    removeItem: (key) => void delete data[key],
  }
}

describe('admin session in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-09-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('signs in, keeps the token in memory and tells subscribers', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    const session = createAdminSession({fetch: server.fetch, storage})
    const listener = vi.fn()
    session.subscribe(listener)
    expect(session.getSnapshot()).toEqual({status: 'signedOut'})
    expect(server.calls('/api/admin/refresh')).toBe(0)

    expect(await session.login('admin@example.com', 'right')).toEqual({ok: true})
    expect(session.getSnapshot()).toEqual({
      status: 'signedIn',
      email: 'admin@example.com',
      sites: ['ulsan-lakepark'],
      idleEndsAt: null,
    })
    expect(listener).toHaveBeenCalledTimes(2)
    expect(await session.getAccessToken()).toBe('token-1')
    expect(server.calls('/api/admin/refresh')).toBe(0)
    expect(Object.values(storage.data).join()).not.toContain('token')
  })

  it(
    'holds a sign-in with the password alone at its second factor, with a token for it, ' +
      'until the server accepts one',
    async () => {
      const server = fakeServer()
      const enrolled = {totp: true, passkeys: 1, recoveryCodes: 8}
      server.answers['/api/admin/login'] = () =>
        Response.json({
          ok: true,
          accessToken: 'pending-token',
          email: 'admin@example.com',
          expiresIn: 600,
          sites: null,
          factor: null,
          enrolled,
        })
      const session = createAdminSession({fetch: server.fetch, storage: memoryStorage()})
      expect(await session.login('admin@example.com', 'right')).toEqual({ok: true})
      expect(session.getSnapshot()).toEqual({
        status: 'secondFactor',
        email: 'admin@example.com',
        enrolled,
      })
      expect(await session.getAccessToken()).toBe('pending-token')
      session.secondFactorPassed()
      expect(session.getSnapshot()).toEqual({
        status: 'signedIn',
        email: 'admin@example.com',
        sites: null,
        idleEndsAt: null,
      })
      // Signed out, nothing is left to pass.
      await session.logout()
      session.secondFactorPassed()
      expect(session.getSnapshot()).toEqual({status: 'signedOut'})
    },
  )

  it('answers the server reason of a failed sign-in, for "로그인 실패: " + reason', async () => {
    const server = fakeServer()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage()})
    expect(await session.login('admin@example.com', 'wrong')).toEqual({
      ok: false,
      error: '이메일 또는 비밀번호가 올바르지 않습니다.',
    })
    expect(session.getSnapshot().status).not.toBe('signedIn')
    server.answers['/api/admin/login'] = () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await session.login('admin@example.com', 'right')).toEqual({
      ok: false,
      error: '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    })
  })

  it('refreshes 30 seconds before the token expires while the person works, and says when they last did', async () => {
    const server = fakeServer()
    const events = new EventTarget()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage(), events})
    session.subscribe(() => undefined)
    await session.login('admin@example.com', 'right')
    await vi.advanceTimersByTimeAsync(300_000)
    work(events)
    await vi.advanceTimersByTimeAsync(270_000 - 1)
    expect(server.calls('/api/admin/refresh')).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.refreshBodies()).toEqual([{idleS: 270}])
    expect(await session.getAccessToken()).toBe('token-2')
    await vi.advanceTimersByTimeAsync(1000)
    work(events)
    await vi.advanceTimersByTimeAsync(569_000)
    expect(server.refreshBodies()).toEqual([{idleS: 270}, {idleS: 569}])
    expect(await session.getAccessToken()).toBe('token-3')
  })

  it('hands a background read the token only while it is valid, never refreshing it', async () => {
    const server = fakeServer()
    const session = createAdminSession({
      fetch: server.fetch,
      storage: memoryStorage(),
      events: null,
    })
    session.subscribe(() => undefined)
    expect(session.currentAccessToken()).toBeNull()
    await session.login('admin@example.com', 'right')
    expect(session.currentAccessToken()).toBe('token-1')
    // Nobody works: the token's time runs out and no refresh is asked for it.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(session.currentAccessToken()).toBeNull()
    expect(server.calls('/api/admin/refresh')).toBe(0)
  })

  it('does not refresh while nobody works, warns a minute before the idle limit and signs out at it', async () => {
    const server = fakeServer()
    const events = new EventTarget()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage(), events})
    session.subscribe(() => undefined)
    const start = Date.now()
    await session.login('admin@example.com', 'right')
    await vi.advanceTimersByTimeAsync(29 * 60_000 - 1)
    expect(session.getSnapshot()).toMatchObject({status: 'signedIn', idleEndsAt: null})
    await vi.advanceTimersByTimeAsync(1)
    expect(session.getSnapshot()).toMatchObject({idleEndsAt: start + 30 * 60_000})
    // During the warning a press elsewhere does not keep the sign-in; only 로그인 유지 does.
    work(events)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(session.getSnapshot()).toEqual({
      status: 'signedOut',
      notice: '30분 동안 사용하지 않아 로그아웃했습니다. 다시 로그인해 주세요.',
    })
    expect(server.calls('/api/admin/refresh')).toBe(0)
    expect(server.calls('/api/admin/logout')).toBe(1)
    expect(await session.getAccessToken()).toBeNull()
  })

  it('keeps the sign-in on 로그인 유지, and counts work from the site’s other tabs', async () => {
    const server = fakeServer()
    const events = new EventTarget()
    const storage = memoryStorage()
    const session = createAdminSession({fetch: server.fetch, storage, events})
    session.subscribe(() => undefined)
    await session.login('admin@example.com', 'right')
    await vi.advanceTimersByTimeAsync(29 * 60_000)
    expect(session.getSnapshot()).toMatchObject({idleEndsAt: expect.any(Number)})
    session.stayActive()
    await vi.advanceTimersByTimeAsync(0)
    expect(session.getSnapshot()).toMatchObject({status: 'signedIn', idleEndsAt: null})
    expect(server.refreshBodies()).toEqual([{idleS: 0}])
    // Another tab tells of work 20 minutes on: this one warns 29 minutes after that.
    await vi.advanceTimersByTimeAsync(20 * 60_000)
    events.dispatchEvent(
      Object.assign(new Event('storage'), {
        key: 'admin-session-work',
        newValue: String(Date.now()),
      }),
    )
    await vi.advanceTimersByTimeAsync(29 * 60_000 - 1)
    expect(session.getSnapshot()).toMatchObject({status: 'signedIn', idleEndsAt: null})
    await vi.advanceTimersByTimeAsync(60_001)
    expect(session.getSnapshot()).toEqual({
      status: 'signedOut',
      notice: '30분 동안 사용하지 않아 로그아웃했습니다. 다시 로그인해 주세요.',
    })
    // Its own work is shared with the other tabs the same way.
    expect(storage.data['admin-session-work']).toBeDefined()
  })

  it('refreshes on use when the timer did not run (a sleeping tab), with one request for many callers', async () => {
    const server = fakeServer()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage()})
    await session.login('admin@example.com', 'right')
    // The clock moves on without timers firing: 575 s in, the token is inside the 30 s margin.
    vi.setSystemTime(Date.now() + 575_000)
    const tokens = await Promise.all([
      session.getAccessToken(),
      session.getAccessToken(),
      session.getAccessToken(),
    ])
    expect(tokens).toEqual(['token-2', 'token-2', 'token-2'])
    expect(server.calls('/api/admin/refresh')).toBe(1)
  })

  it('comes back after a reload through one refresh, only when a session was there', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    const first = createAdminSession({fetch: server.fetch, storage})
    await first.login('admin@example.com', 'right')

    const reloaded = createAdminSession({fetch: server.fetch, storage})
    expect(reloaded.getSnapshot()).toEqual({status: 'unknown'})
    const listener = vi.fn()
    reloaded.subscribe(listener)
    reloaded.subscribe(() => undefined)
    await reloaded.restore()
    expect(reloaded.getSnapshot()).toEqual({
      status: 'signedIn',
      email: 'admin@example.com',
      sites: ['ulsan-lakepark'],
      idleEndsAt: null,
    })
    expect(server.calls('/api/admin/refresh')).toBe(1)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('signs out when the server refuses the refresh', async () => {
    const server = fakeServer()
    const storage = memoryStorage({'admin-session': '1'})
    server.answers['/api/admin/refresh'] = () =>
      Response.json({ok: false, error: '로그인이 만료되었습니다.'}, {status: 401})
    const session = createAdminSession({fetch: server.fetch, storage})
    await session.restore()
    expect(session.getSnapshot()).toEqual({status: 'signedOut'})
    expect(storage.data).toEqual({})
    expect(await session.getAccessToken()).toBeNull()
  })

  it('keeps the session through a failed refresh that is not a refusal, and retries', async () => {
    const server = fakeServer()
    const events = new EventTarget()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage(), events})
    session.subscribe(() => undefined)
    await session.login('admin@example.com', 'right')
    await vi.advanceTimersByTimeAsync(1000)
    work(events)
    server.answers['/api/admin/refresh'] = () => Promise.reject(new TypeError('Failed to fetch'))
    await vi.advanceTimersByTimeAsync(569_000)
    expect(session.getSnapshot().status).toBe('signedIn')
    delete server.answers['/api/admin/refresh']
    await vi.advanceTimersByTimeAsync(15_000)
    expect(server.calls('/api/admin/refresh')).toBe(2)
    expect(await session.getAccessToken()).toBe('token-2')
  })

  it('signs out at once, revokes on the server and stops refreshing', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    const session = createAdminSession({fetch: server.fetch, storage})
    await session.login('admin@example.com', 'right')
    await session.logout()
    expect(session.getSnapshot()).toEqual({status: 'signedOut'})
    expect(server.calls('/api/admin/logout')).toBe(1)
    expect(storage.data).toEqual({})
    expect(await session.getAccessToken()).toBeNull()
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(server.calls('/api/admin/refresh')).toBe(0)
  })

  it('is not signed back in by a refresh that was under way at sign-out', async () => {
    const server = fakeServer()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage()})
    await session.login('admin@example.com', 'right')
    let answer: (res: Response) => void = () => undefined
    server.answers['/api/admin/refresh'] = () =>
      new Promise<Response>((resolve) => (answer = resolve))
    vi.setSystemTime(Date.now() + 580_000)
    const pending = session.getAccessToken()
    await session.logout()
    answer(
      Response.json({ok: true, accessToken: 'late', email: 'admin@example.com', expiresIn: 600}),
    )
    expect(await pending).toBeNull()
    expect(session.getSnapshot()).toEqual({status: 'signedOut'})
  })

  it('is not signed back in by a refresh whose answer was still arriving at sign-out', async () => {
    const server = fakeServer()
    const session = createAdminSession({fetch: server.fetch, storage: memoryStorage()})
    await session.login('admin@example.com', 'right')
    // The headers are in, the body is not yet.
    let body: ReadableStreamDefaultController<Uint8Array> | undefined
    server.answers['/api/admin/refresh'] = () =>
      new Response(new ReadableStream({start: (controller) => void (body = controller)}), {
        status: 200,
      })
    vi.setSystemTime(Date.now() + 580_000)
    const pending = session.getAccessToken()
    await vi.advanceTimersByTimeAsync(0)
    expect(server.calls('/api/admin/refresh')).toBe(1)
    await session.logout()
    body?.enqueue(
      new TextEncoder().encode(
        JSON.stringify({ok: true, accessToken: 'late', email: 'admin@example.com', expiresIn: 600}),
      ),
    )
    body?.close()
    expect(await pending).toBeNull()
    expect(session.getSnapshot()).toEqual({status: 'signedOut'})
  })

  it('signs out when another tab signs out', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    const events = new EventTarget()
    const session = createAdminSession({fetch: server.fetch, storage, events})
    session.subscribe(() => undefined)
    await session.login('admin@example.com', 'right')
    events.dispatchEvent(Object.assign(new Event('storage'), {key: 'other', newValue: null}))
    expect(session.getSnapshot().status).toBe('signedIn')
    events.dispatchEvent(
      Object.assign(new Event('storage'), {key: 'admin-session', newValue: null}),
    )
    expect(session.getSnapshot()).toEqual({status: 'signedOut'})
    expect(await session.getAccessToken()).toBeNull()
  })
})

describe('offeredSites', () => {
  const sites = [{slug: 'daegu', name: '대구'}, {slug: 'busan', name: '부산'}, {slug: null}]
  it('offers a counsellor their own sites, an administrator every site', () => {
    const counsellor = {
      status: 'signedIn',
      email: 'c@example.com',
      sites: ['busan'],
      idleEndsAt: null,
    } as const
    expect(offeredSites(sites, counsellor)).toEqual([{slug: 'busan', name: '부산'}])
    const admin = {
      status: 'signedIn',
      email: 'a@example.com',
      sites: null,
      idleEndsAt: null,
    } as const
    expect(offeredSites(sites, admin)).toEqual(sites)
  })
})
