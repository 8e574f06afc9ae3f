import type {Context} from '@netlify/functions'
import {hashPassword} from '../auth/password.ts'
import type {InviteAnswer} from '#shared/auth/staff-accounts.ts'
import {auditAside, UNKNOWN_ACTOR} from '../audit.ts'
import {asRecord, fail, json, methodNotAllowed, readJsonBody, tooManyRequests} from '../http.ts'
import {hit, type RateLimitRule} from '../rate-limit.ts'
import {visitorKey} from '../gates/visitor.ts'
import {openLink, setPasswordByLink, type LinkRefusal, type OpenedLink} from './invites.ts'
import {passwordProblem} from './password-check.ts'

/*
 * The endpoints behind an invite's link, for the person who got it (no sign-in): what the
 * link opens, and setting the password. The token travels in the body, never in an address.
 * A link that opens nothing is refused in Korean, changes nothing and is logged; an address
 * gets 30 tries in 15 minutes, though a token is not guessed (32 random bytes).
 */

export const LINK_RULE: RateLimitRule = {bucket: 'invite', limit: 30, windowS: 15 * 60}

export const LINK_MESSAGES: Record<LinkRefusal['reason'], string> = {
  unknown: '올바른 링크가 아닙니다. 받은 링크를 빠짐없이 그대로 열었는지 확인해 주세요.',
  used: '이미 사용한 링크입니다. 비밀번호를 정했다면 로그인해 주세요. 새 링크가 필요하면 관리자에게 요청해 주세요.',
  withdrawn: '더 이상 쓸 수 없는 링크입니다. 관리자가 새로 보낸 링크를 열어 주세요.',
  expired: '유효 기간(24시간)이 지난 링크입니다. 관리자에게 새 링크를 요청해 주세요.',
  disabled: '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.',
}

const LINK_STATUS: Record<LinkRefusal['reason'], number> = {
  unknown: 404,
  used: 410,
  withdrawn: 410,
  expired: 410,
  disabled: 403,
}

const TOO_MANY = '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'
const UNAVAILABLE = '일시적인 장애로 링크를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.'
const BODY_MAX_BYTES = 1024

type OpenedRequest =
  | {ok: true; token: string; body: Record<string, unknown>; opened: OpenedLink; now: Date}
  | {ok: false; response: Response}

/**
 * The method, the address's share of tries, the body's token and what its link opens, or the
 * answer to return as is (a link that opens nothing refused and logged).
 */
async function openedRequest(
  req: Request,
  context: Pick<Context, 'ip'>,
  clock: () => number,
): Promise<OpenedRequest> {
  if (req.method !== 'POST') return {ok: false, response: methodNotAllowed(['POST'])}
  const visitor = visitorKey(req, context)
  const now = clock()
  const allowed = await hit(LINK_RULE, visitor, now)
  if (!allowed.allowed) return {ok: false, response: tooManyRequests(allowed.retryAfterS, TOO_MANY)}
  const read = await readJsonBody(req, BODY_MAX_BYTES)
  if (!read.ok) return read
  const body = asRecord(read.value) ?? {}
  const token = typeof body.token === 'string' ? body.token : ''
  const opened = await openLink(token, new Date(now))
  if (!opened.ok)
    return {ok: false, response: await refusedLink(req, visitor, opened, new Date(now))}
  return {ok: true, token, body, opened, now: new Date(now)}
}

/** A link endpoint's answer; the database failing is a 503 in Korean. */
async function linkAnswer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    console.error('invite: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}

async function refusedLink(req: Request, visitor: string, refusal: LinkRefusal, now: Date) {
  await auditAside({
    at: now.getTime(),
    actor: refusal.email ?? UNKNOWN_ACTOR,
    action: 'refused',
    visitor,
    detail: {reason: `link-${refusal.reason}`, method: req.method, path: new URL(req.url).pathname},
  })
  return fail(LINK_STATUS[refusal.reason], LINK_MESSAGES[refusal.reason])
}

/** POST /api/invite `{token}`: whose account the link is for, and whether it invites or resets. */
export function createOpenLinkHandler(clock: () => number = Date.now) {
  return (req: Request, context: Pick<Context, 'ip'>): Promise<Response> =>
    linkAnswer(async () => {
      const asked = await openedRequest(req, context, clock)
      if (!asked.ok) return asked.response
      const {email, kind, expiresAt} = asked.opened
      const answer: InviteAnswer = {ok: true, email, kind, expiresAt: expiresAt.toISOString()}
      return json(answer)
    })
}

/**
 * POST /api/invite/password `{token, password}`: sets the account's password by the rule and
 * spends the link (`{ok, email}`); the person then signs in as usual.
 */
export function createSetPasswordHandler(clock: () => number = Date.now) {
  return (req: Request, context: Pick<Context, 'ip'>): Promise<Response> =>
    linkAnswer(async () => {
      const asked = await openedRequest(req, context, clock)
      if (!asked.ok) return asked.response
      const password = typeof asked.body.password === 'string' ? asked.body.password : ''
      const problem = passwordProblem(password, asked.opened.email)
      if (problem) return fail(400, problem, {password: problem})
      const set = await setPasswordByLink(asked.token, await hashPassword(password), asked.now)
      if (!set.ok) return refusedLink(req, visitorKey(req, context), set, asked.now)
      return json({ok: true, email: set.email})
    })
}
