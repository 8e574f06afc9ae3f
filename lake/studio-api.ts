import {createHash} from 'node:crypto'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {addressKey} from '../netlify/functions/_shared/auth/address-key.ts'
import {signInRefusal, type SignInResult} from '../shared/auth/sign-in-result.ts'
import {badRequest, LakeError, notFound, unauthorized} from './errors.ts'
import {bearerToken, JSON_BODY_LIMIT, readBody, readJson, sendJson} from './http.ts'
import type {StudioSessions} from './studio-sessions.ts'

/**
 * Signs an editor in with the password and a second factor's code (the app's code or a
 * recovery code), from the visitor key of an address. `lake/main.ts` passes the
 * administrators' guarded sign-in, so the Studio and the staff pages share one lock and one
 * rule: no sign-in without a second factor.
 */
export type StudioSignIn = (
  email: string,
  password: string,
  code: string,
  visitor: string,
) => Promise<SignInResult>

export interface StudioApiOptions {
  projectId: string
  sessions: StudioSessions
  /**
   * Where the sign-in may send the Studio back to, with the session id: the Studio's own
   * origins, not every page allowed to read the lake (the site's pages must never get one).
   */
  studioOrigins: Set<string>
  signIn: StudioSignIn | undefined
  /** The datasets open in the lake. */
  datasets: () => string[]
}

export interface StudioRequest {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** The path after the API version, e.g. `/users/me`. */
  path: string
}

interface StudioUser {
  id: string
  name: string
  email: string
  provider: string
  role: string
  roles: {name: string; title: string}[]
}

// Every signed-in editor may read and write everything, like a project administrator.
const ADMINISTRATOR_GRANTS = [
  {filter: '_id in path("**")', permissions: ['read', 'create', 'update', 'history']},
]

/**
 * The parts of Sanity's project, user and auth API that the Studio needs before it shows
 * anything: sign-in through the lake's own Korean form (in place of Google or GitHub),
 * the current user, the project and its members, dataset grants, and per-user settings.
 */
export function createStudioApi(options: StudioApiOptions) {
  const {projectId, sessions} = options
  const keyValues = new Map<string, unknown>()

  const currentUser = (req: IncomingMessage): StudioUser | undefined => {
    const token = bearerToken(req)
    const email = token ? sessions.user(token) : undefined
    return email === undefined ? undefined : userFor(email)
  }
  const requireUser = (req: IncomingMessage): StudioUser => {
    const user = currentUser(req)
    if (!user) throw unauthorized()
    return user
  }

  return async function handle({req, res, url, path}: StudioRequest): Promise<boolean> {
    const method = req.method ?? 'GET'
    const route = `${method} ${path}`
    switch (route) {
      case 'GET /ping':
        res.writeHead(200, {'Content-Type': 'text/plain; charset=utf-8'}).end('PONG')
        return true
      case 'GET /auth/providers':
        sendJson(res, 200, {
          providers: [
            {
              name: 'lake',
              title: '로컬 관리자 계정',
              url: `http://${req.headers.host ?? 'localhost'}/v1/auth/login/lake`,
            },
          ],
          thirdPartyLogin: false,
          sso: {saml: false},
        })
        return true
      case 'GET /auth/login/lake':
        sendSignInPage(res, 200, readSignInTarget(url.searchParams, options.studioOrigins))
        return true
      case 'POST /auth/login/lake':
        await signIn(req, res, options)
        return true
      case 'GET /auth/fetch': {
        const token = sessions.exchange(url.searchParams.get('sid') ?? '')
        if (!token) throw unauthorized('Unknown or expired session id: sign in again')
        sendJson(res, 200, {token})
        return true
      }
      case 'POST /auth/logout': {
        const token = bearerToken(req)
        if (token) sessions.signOut(token)
        sendJson(res, 200, {})
        return true
      }
      case 'GET /users/me': {
        sendJson(res, 200, requireUser(req))
        return true
      }
      case 'GET /auth/id':
        sendJson(res, 200, {id: requireUser(req).id})
        return true
      case 'GET /features':
        sendJson(res, 200, [])
        return true
      case 'GET /intake/telemetry-status':
        // Nothing leaves the machine: the Studio then sends no telemetry at all.
        sendJson(res, 200, {status: 'denied'})
        return true
      case 'PUT /users/me/keyvalue': {
        const user = requireUser(req)
        const body = await readJson(req)
        if (
          !Array.isArray(body) ||
          !body.every((entry) => typeof (entry as {key?: unknown})?.key === 'string')
        ) {
          throw badRequest('Body must be an array of {key, value}')
        }
        const entries = body as {key: string; value: unknown}[]
        for (const {key, value} of entries) keyValues.set(`${user.id}:${key}`, value)
        sendJson(
          res,
          200,
          entries.map(({key, value}) => ({key, value})),
        )
        return true
      }
    }
    if (method !== 'GET') return false

    // The lake keeps no history: the Studio's history panel shows none, rather than an error.
    if (/^\/data\/history\/[^/]+\/events\/documents\/[^/]+$/.test(path)) {
      requireUser(req)
      sendJson(res, 200, {events: {}, nextCursor: ''})
      return true
    }
    if (/^\/data\/history\/[^/]+\/transactions\/[^/]+$/.test(path)) {
      requireUser(req)
      res.writeHead(200, {'Content-Type': 'application/x-ndjson'}).end()
      return true
    }

    const keyValue = /^\/users\/me\/keyvalue\/(.+)$/.exec(path)
    if (keyValue?.[1]) {
      const user = requireUser(req)
      const keys = decodeURIComponent(keyValue[1]).split(',')
      sendJson(
        res,
        200,
        keys.map((key) => ({key, value: keyValues.get(`${user.id}:${key}`) ?? null})),
      )
      return true
    }
    const project = /^\/projects\/([^/]+)(\/.*)?$/.exec(path)
    if (project) {
      if (project[1] !== projectId) throw notFound(`Project "${project[1]}" not found`)
      const user = requireUser(req)
      const rest = project[2] ?? ''
      if (rest === '') {
        sendJson(res, 200, projectInfo(projectId, user))
        return true
      }
      if (rest === '/datasets') {
        // No add-on datasets: comments and tasks need Sanity's own servers.
        sendJson(
          res,
          200,
          url.searchParams.has('addonFor')
            ? []
            : options.datasets().map((name) => ({name, aclMode: 'public'})),
        )
        return true
      }
      if (rest === '/user-applications') {
        sendJson(res, 200, [])
        return true
      }
      if (/^\/datasets\/[^/]+\/acl$/.test(rest)) {
        sendJson(res, 200, ADMINISTRATOR_GRANTS)
        return true
      }
      return false
    }
    const users = /^\/users\/([^/]+)$/.exec(path)
    if (users?.[1]) {
      const user = requireUser(req)
      const ids = decodeURIComponent(users[1]).split(',')
      sendJson(res, 200, ids.map((id) => (id === user.id ? user : null)).filter(Boolean))
      return true
    }
    return false
  }
}

function userFor(email: string): StudioUser {
  return {
    // Sanity's user ids start with "p"; a digest keeps one e-mail's id the same across restarts.
    id: `p${createHash('sha256').update(email).digest('hex').slice(0, 12)}`,
    name: email,
    email,
    provider: 'lake',
    role: 'administrator',
    roles: [{name: 'administrator', title: '관리자'}],
  }
}

function projectInfo(projectId: string, user: StudioUser) {
  return {
    id: projectId,
    displayName: '로컬 Content Lake',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    metadata: {},
    features: [],
    organizationId: null,
    members: [
      {id: user.id, role: 'administrator', roles: user.roles, isCurrentUser: true, isRobot: false},
    ],
  }
}

interface SignInTarget {
  /** The Studio page to return to, already checked against the allowed origins. */
  origin: string
  email?: string
  error?: string
}

function readSignInTarget(params: URLSearchParams, studioOrigins: Set<string>): SignInTarget {
  const raw = params.get('origin') ?? ''
  let target: URL
  try {
    target = new URL(raw)
  } catch {
    throw badRequest('Missing or invalid `origin`: open the Studio and sign in from there')
  }
  // The session id travels in the redirect: only a Studio the lake trusts may receive it.
  if (!studioOrigins.has(target.origin))
    throw new LakeError(
      403,
      'httpForbidden',
      `Origin ${target.origin} is not a Studio origin of this lake (add it to LAKE_STUDIO_ORIGINS)`,
    )
  return {origin: target.href}
}

async function signIn(
  req: IncomingMessage,
  res: ServerResponse,
  options: StudioApiOptions,
): Promise<void> {
  const form = new URLSearchParams((await readBody(req, JSON_BODY_LIMIT)).toString('utf8'))
  const target = readSignInTarget(form, options.studioOrigins)
  const email = form.get('email') ?? ''
  const password = form.get('password') ?? ''
  const code = (form.get('code') ?? '').trim()
  if (!options.signIn) {
    return sendSignInPage(res, 503, {
      ...target,
      email,
      error: '이 Content Lake에는 로그인할 수 있는 관리자 계정이 설정되어 있지 않습니다.',
    })
  }
  if (!email || !password)
    return sendSignInPage(res, 401, {...target, email, error: '이메일과 비밀번호를 입력해 주세요.'})
  let result: SignInResult
  try {
    result = await options.signIn(
      email,
      password,
      code,
      addressKey(req.socket.remoteAddress ?? 'unknown'),
    )
  } catch (error) {
    console.error('studio sign-in: database unavailable', error)
    return sendSignInPage(res, 503, {
      ...target,
      email,
      error:
        '데이터베이스에 연결할 수 없어 로그인할 수 없습니다. npm ' +
        'start 또는 npm run studio로 시작했는지 확인해 주세요.',
    })
  }
  if (!result.ok) {
    const retryAfter = 'retryAfterS' in result ? result.retryAfterS : undefined
    const status = retryAfter === undefined ? 401 : 429
    return sendSignInPage(res, status, {...target, email, error: signInRefusal(result)}, retryAfter)
  }
  const next = new URL(target.origin)
  next.hash = `sid=${options.sessions.signIn(result.email)}`
  res.writeHead(303, {Location: next.href, 'Cache-Control': 'no-store'}).end()
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function sendSignInPage(
  res: ServerResponse,
  status: number,
  target: SignInTarget,
  retryAfterS?: number,
): void {
  const error = target.error ? `<p class="error" role="alert">${escapeHtml(target.error)}</p>` : ''
  const html =
    `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>콘텐츠 관리 로그인 · 로컬 Content Lake</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f4f6;
font-family:system-ui,sans-serif;color:#1f2937;word-break:keep-all}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);
width:min(24rem,90vw)}
h1{font-size:1.25rem;margin:0 0 .5rem}p{line-height:1.6}
label{display:block;margin-top:1rem;font-weight:600}
input{box-sizing:border-box;width:100%;margin-top:.35rem;padding:.6rem;font:inherit;
border:1px solid #9ca3af;border-radius:6px}
button{margin-top:1.5rem;width:100%;padding:.7rem;font:inherit;font-weight:700;color:#fff;
background:#1d4ed8;border:0;border-radius:6px;cursor:pointer}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.error{color:#b91c1c;font-weight:600}
.hint{margin:.25rem 0 0;font-size:.9rem;color:#4b5563}
</style>
</head>
<body>
<main>
<h1>콘텐츠 관리 로그인</h1>
<p>로컬 Content Lake의 관리자 계정으로 로그인합니다. ` +
    `계정은 <code>npm start</code> 또는 <code>npm run studio</code>가 ` +
    `시작할 때 화면에 표시되고, 인증 코드는 <code>npm run admin:totp</code>가 보여 줍니다.</p>
${error}
<form method="post">
<input type="hidden" name="origin" value="${escapeHtml(target.origin)}">
<label for="email">이메일</label>
<input id="email" name="email" type="email" autocomplete="username" required ` +
    `value="${escapeHtml(target.email ?? '')}">
<label for="password">비밀번호</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<label for="code">인증 코드</label>
<p class="hint" id="code-hint">인증 앱의 6자리 코드 또는 복구 코드</p>
<input id="code" name="code" autocomplete="one-time-code" aria-describedby="code-hint" required>
<button type="submit">로그인</button>
</form>
</main>
</body>
</html>
`
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
  }
  if (retryAfterS !== undefined) headers['Retry-After'] = String(retryAfterS)
  res.writeHead(status, headers).end(html)
}
