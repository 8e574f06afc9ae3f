import {setting, type Env} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {fieldMessage} from '#shared/leads/messages.ts'
import {normalizeMobile, normalizePhone} from '#shared/leads/normalize-phone.ts'
import {nameCode} from '#shared/leads/typed-fields.ts'
import {
  CODE_MINUTES,
  maskPhone,
  REQUEST_BODY_MAX,
  STAFF_KINDS,
  type CodeSent,
  type Erased,
  type StaffRequestKind,
  type VerifiedBy,
} from '#shared/visitor-data/contract.ts'
import {
  addressLimited,
  codeWrong,
  phoneLimited,
  VISITOR_MESSAGES as MESSAGES,
} from '#shared/visitor-data/messages.ts'
import {asRecord, fail, json, methodNotAllowed, readJsonBody} from '../http.ts'
import {hit, type RateLimitRule} from '../rate-limit.ts'
import {stripControls} from '../control-characters.ts'
import type {TextDeps} from '../texts/outbox-run.ts'
import {visitorKey} from '../gates/visitor.ts'
import {ModelHouses} from '../model-houses.ts'
import {linkOfToken} from '../auth/visit-link.ts'
import {offerFreedSeat} from '../visits/waitlist.ts'
import {DEADLOCK_DETECTED, isSqlState, sql} from '../database.ts'
import {issueCode, tryCode, type CodeCheck, type CodePurpose, type CodeVia} from './codes.ts'
import {changeNumber, correctName, isRegistered, stopMarketing} from './corrections.ts'
import {eraseVisitor} from './erase.ts'
import {readVisitorData} from './read.ts'
import {addStaffRequest, recordDone} from './requests.ts'
import {signVisitorSession, verifyVisitorSession, type VisitorIdentity} from './session.ts'
import {textCode} from './texts.ts'

/*
 * The visitor's data endpoints (docs/visitors-rights.md). A code texted to the number opens a
 * short session; everything else needs it. Every refusal is a Korean 4xx that says nothing
 * of whether a number is known on a site, and changes nothing.
 */

const BODY_MAX = 8 * 1024

export interface VisitorDataDeps {
  clock?: () => number
  houses?: Pick<ModelHouses, 'get'>
  env?: Env
  /** How the code's text is sent (tests give a provider and content). */
  texts?: TextDeps
}

type Handler = (req: Request, context: Pick<Context, 'ip'>) => Promise<Response>

/** Codes asked from one address (VISITOR_CODE_RATE_LIMIT, 20 by default) per 10 minutes. */
export const addressCodeRule = (env: Env): RateLimitRule => ({
  bucket: 'visitor-code',
  limit: setting('VISITOR_CODE_RATE_LIMIT', env),
  windowS: 600,
})

const unavailable = () => fail(503, MESSAGES.unavailable, undefined, {'Retry-After': '30'})

/** The method, then the JSON object of the body; or the answer to return as is. */
async function readObject(
  req: Request,
): Promise<{ok: true; body: Record<string, unknown>} | {ok: false; response: Response}> {
  if (req.method !== 'POST') return {ok: false, response: methodNotAllowed(['POST'])}
  const read = await readJsonBody(req, BODY_MAX)
  if (!read.ok) return read
  const body = asRecord(read.value)
  return body ? {ok: true, body} : {ok: false, response: fail(400, MESSAGES.notObject)}
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

type Asker = {ok: true; site: string; phone: string; via: CodeVia} | {ok: false; response: Response}

/**
 * Whose number a code is for: the typed `phone` (the privacy page's form), or the number of
 * the lead of a visit link's `link` token, which must be of the same site (404 otherwise,
 * as for a link that names no lead). Only a mobile number gets a code.
 */
async function askerOf(
  body: Record<string, unknown>,
  houses: Pick<ModelHouses, 'get'>,
): Promise<Asker> {
  const site = text(body.site)
  if (!site)
    return {ok: false, response: fail(400, MESSAGES.siteRequired, {site: MESSAGES.siteRequired})}
  if (!(await houses.get(site)))
    return {ok: false, response: fail(404, MESSAGES.unknownSite, {site: MESSAGES.unknownSite})}
  if (typeof body.link === 'string') {
    const link = linkOfToken(body.link)
    const lead = link ? await leadNumber(link.leadId) : null
    if (lead?.site !== site) return {ok: false, response: fail(404, MESSAGES.link)}
    const mobile = normalizeMobile(lead.phone)
    return mobile
      ? {ok: true, site, phone: mobile, via: 'link'}
      : {ok: false, response: fail(400, MESSAGES.notMobile)}
  }
  const typed = text(body.phone)
  if (!typed)
    return {ok: false, response: fail(400, MESSAGES.phoneRequired, {phone: MESSAGES.phoneRequired})}
  const phone = normalizePhone(typed)
  if (!phone)
    return {ok: false, response: fail(400, MESSAGES.phoneInvalid, {phone: MESSAGES.phoneInvalid})}
  const mobile = normalizeMobile(phone)
  if (!mobile)
    return {ok: false, response: fail(400, MESSAGES.notMobile, {phone: MESSAGES.notMobile})}
  return {ok: true, site, phone: mobile, via: 'form'}
}

/** The site and number of a link's lead (the link's own page never shows the number). */
async function leadNumber(leadId: string): Promise<{site: string; phone: string} | null> {
  const rows = await sql()<{site: string; phone: string}>`
    SELECT site, phone FROM leads WHERE id = ${leadId}::uuid`
  return rows[0] ?? null
}

/**
 * Counts a code asked from the caller's address before the code is made: a flood of numbers
 * from one place is refused here; a flood at one phone, from any number of addresses, by the
 * number's own limit (issueCode). Null when allowed.
 */
async function addressLimit(
  req: Request,
  context: Pick<Context, 'ip'>,
  env: Env,
  now: number,
): Promise<Response | null> {
  const rule = addressCodeRule(env)
  if (rule.limit === 0) return null
  const counted = await hit(rule, visitorKey(req, context), now)
  return counted.allowed ? null : limited(addressLimited(counted.retryAfterS), counted.retryAfterS)
}

const limited = (message: string, retryAfterS: number) =>
  fail(429, message, undefined, {'Retry-After': String(retryAfterS)})

/** Makes a code within the limits and texts it to a known number; answers 202 either way. */
async function sendCode(
  req: Request,
  context: Pick<Context, 'ip'>,
  code: {site: string; phone: string; purpose: CodePurpose; forPhone?: string; via: CodeVia},
  deps: VisitorDataDeps,
): Promise<Response> {
  const {clock = Date.now, env = process.env} = deps
  const now = clock()
  const refused = await addressLimit(req, context, env, now)
  if (refused) return refused
  const issued = await issueCode(code, now)
  if ('limited' in issued) return limited(phoneLimited(issued.retryAfterS), issued.retryAfterS)
  await textCode(
    issued,
    {site: code.site, to: code.phone, purpose: code.purpose},
    {
      ...deps.texts,
      env,
      clock,
      now,
    },
  )
  const sent: CodeSent = {ok: true, sentTo: maskPhone(code.phone), expiresInMinutes: CODE_MINUTES}
  return json(sent, 202)
}

/**
 * POST /api/visitor/code {site, phone} or {site, link}: a code for the number, texted to it
 * when it has registered on the site (202 `{ok, sentTo, expiresInMinutes}` either way). 429
 * past 5 codes in an hour for the phone, or past the address's limit.
 */
export function createCodeHandler(deps: VisitorDataDeps = {}): Handler {
  const houses = deps.houses ?? new ModelHouses()
  return async (req, context) => {
    const read = await readObject(req)
    if (!read.ok) return read.response
    try {
      const asker = await askerOf(read.body, houses)
      if (!asker.ok) return asker.response
      return await sendCode(req, context, {...asker, purpose: 'sign-in'}, deps)
    } catch (error) {
      console.error('visitor code: unavailable', error)
      return unavailable()
    }
  }
}

/** A refused code's answer: 400 wrong, 410 expired, 409 used, 429 out of tries, 400 none. */
function codeRefusal(check: CodeCheck & {ok: false}): Response {
  const field = (status: number, message: string) => fail(status, message, {code: message})
  switch (check.reason) {
    case 'wrong':
      return check.triesLeft > 0
        ? field(400, codeWrong(check.triesLeft))
        : field(429, MESSAGES.codeTries)
    case 'expired':
      return field(410, MESSAGES.codeExpired)
    case 'used':
      return field(409, MESSAGES.codeUsed)
    case 'tries':
      return field(429, MESSAGES.codeTries)
    case 'none':
      return field(400, MESSAGES.codeNone)
  }
}

const CODE_PATTERN = /^\d{6}$/

/** The typed code, spaces and hyphens aside, or the 400 answer. */
function codeOf(body: Record<string, unknown>): string | Response {
  const code = text(body.code).replace(/[\s-]/g, '')
  return CODE_PATTERN.test(code)
    ? code
    : fail(400, MESSAGES.codeFormat, {code: MESSAGES.codeFormat})
}

const verifiedBy = (via: CodeVia): VerifiedBy => (via === 'link' ? 'code-link' : 'code-form')

/**
 * POST /api/visitor/verify {site, phone|link, code}: `{ok, token, expiresAt}`, the data
 * page's session, when the code matches (the view recorded in the same statement).
 */
export function createVerifyHandler(deps: VisitorDataDeps = {}): Handler {
  const {clock = Date.now, env = process.env} = deps
  const houses = deps.houses ?? new ModelHouses()
  return async (req) => {
    const read = await readObject(req)
    if (!read.ok) return read.response
    try {
      const asker = await askerOf(read.body, houses)
      if (!asker.ok) return asker.response
      const code = codeOf(read.body)
      if (code instanceof Response) return code
      const now = clock()
      const identity = {site: asker.site, phone: asker.phone, verifiedBy: verifiedBy(asker.via)}
      const check = await tryCode(
        {site: asker.site, phone: asker.phone, purpose: 'sign-in', code, now},
        {
          ctes: (s, matched) =>
            s`record AS (${recordDone(s, identity, 'view', now, {from: s`WHERE ${matched}`})})`,
          columns: (s) => s`true AS recorded`,
          read: () => undefined,
        },
      )
      if (!check.ok) return codeRefusal(check)
      const session = await signVisitorSession(identity, now, env)
      return json({ok: true, ...session})
    } catch (error) {
      console.error('visitor verify: unavailable', error)
      return unavailable()
    }
  }
}

type SessionGate =
  {ok: true; identity: VisitorIdentity & {expiresAt: string}} | {ok: false; response: Response}

/** The session behind `Authorization: Bearer`, or the 401 to answer. */
async function sessionOf(req: Request, now: number, env: Env): Promise<SessionGate> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')
  const unauthorized = (message: string) => ({
    ok: false as const,
    response: fail(401, message, undefined, {'WWW-Authenticate': 'Bearer'}),
  })
  if (!match?.[1]) return unauthorized(MESSAGES.sessionMissing)
  const identity = await verifyVisitorSession(match[1], now, env)
  return identity ? {ok: true, identity} : unauthorized(MESSAGES.sessionEnded)
}

type SessionAction = (found: {
  identity: VisitorIdentity & {expiresAt: string}
  body: Record<string, unknown>
  now: number
  req: Request
  context: Pick<Context, 'ip'>
}) => Promise<Response>

/**
 * An endpoint of the data page's session: the method, the session, the body (POST), the
 * action, and a 503 when the database fails.
 */
function sessionEndpoint(
  method: 'GET' | 'POST',
  action: SessionAction,
  deps: VisitorDataDeps,
): Handler {
  const {clock = Date.now, env = process.env} = deps
  return async (req, context) => {
    if (req.method !== method) return methodNotAllowed([method])
    const now = clock()
    const gate = await sessionOf(req, now, env)
    if (!gate.ok) return gate.response
    let body: Record<string, unknown> = {}
    if (method === 'POST') {
      const read = await readObject(req)
      if (!read.ok) return read.response
      body = read.body
    }
    try {
      return await action({identity: gate.identity, body, now, req, context})
    } catch (error) {
      console.error(`visitor data: ${new URL(req.url).pathname} unavailable`, error)
      return unavailable()
    }
  }
}

/** GET /api/visitor/data: everything kept about the session's number on its site. */
export function createDataHandler(deps: VisitorDataDeps = {}): Handler {
  const houses = deps.houses ?? new ModelHouses()
  return sessionEndpoint(
    'GET',
    async ({identity}) => {
      const house = await houses.get(identity.site)
      return json(await readVisitorData(identity, house?.siteName ?? identity.site))
    },
    deps,
  )
}

/**
 * POST /api/visitor/erase: erases the number's data on the site in one statement (erase.ts),
 * then offers the seats it gave back to their waiting lists. 200 `{ok, leads, visits,
 * waitlist, texts}`; 409 when the server kept ending it in a deadlock (nothing erased).
 */
export function createEraseHandler(deps: VisitorDataDeps = {}): Handler {
  const {clock = Date.now} = deps
  return sessionEndpoint(
    'POST',
    async ({identity, now}) => {
      let erased
      try {
        erased = await eraseVisitor(identity, now)
      } catch (error) {
        if (!isSqlState(error, DEADLOCK_DETECTED)) throw error
        return fail(409, MESSAGES.busy)
      }
      for (const slot of erased.freed)
        await offerFreedSeat(slot.site, slot.visitAt, {clock, ...deps.texts})
      const {freed: _freed, ...counts} = erased
      const answer: Erased = {ok: true, ...counts}
      return json(answer)
    },
    deps,
  )
}

/** POST /api/visitor/name {name}: the name of every registration of the number on the site. */
export function createNameHandler(deps: VisitorDataDeps = {}): Handler {
  return sessionEndpoint(
    'POST',
    async ({identity, body, now}) => {
      const name =
        typeof body.name === 'string'
          ? stripControls(body.name, '').trim().replace(/\s+/g, ' ')
          : ''
      const problem = nameCode(name || undefined)
      if (problem) {
        const message = fieldMessage('name', problem)
        return fail(400, message, {name: message})
      }
      const changed = await correctName(identity, name, now)
      return changed > 0 ? json({ok: true, leads: changed}) : fail(409, MESSAGES.nothingKept)
    },
    deps,
  )
}

/** The new number of a correction, or the 400 to answer. */
function newNumberOf(body: Record<string, unknown>, identity: VisitorIdentity): string | Response {
  const typed = text(body.phone)
  if (!typed) return fail(400, MESSAGES.phoneRequired, {phone: MESSAGES.phoneRequired})
  const phone = normalizePhone(typed)
  if (!phone) return fail(400, MESSAGES.phoneInvalid, {phone: MESSAGES.phoneInvalid})
  if (!normalizeMobile(phone)) return fail(400, MESSAGES.notMobile, {phone: MESSAGES.notMobile})
  if (phone === identity.phone) return fail(400, MESSAGES.samePhone, {phone: MESSAGES.samePhone})
  return phone
}

/**
 * POST /api/visitor/phone {phone}: a code texted to the new number, to prove it is the
 * visitor's (202 as for a sign-in's code); 409 when the number has registered on the site.
 */
export function createPhoneHandler(deps: VisitorDataDeps = {}): Handler {
  return sessionEndpoint(
    'POST',
    async ({identity, body, req, context}) => {
      const phone = newNumberOf(body, identity)
      if (phone instanceof Response) return phone
      if (await isRegistered(identity.site, phone))
        return fail(409, MESSAGES.phoneTaken, {phone: MESSAGES.phoneTaken})
      const via = identity.verifiedBy === 'code-link' ? 'link' : 'form'
      return sendCode(
        req,
        context,
        {site: identity.site, phone, purpose: 'new-number', forPhone: identity.phone, via},
        deps,
      )
    },
    deps,
  )
}

/**
 * POST /api/visitor/phone/confirm {phone, code}: moves the number's registrations to the new
 * number once its code matches, and answers the session of the new number `{ok, token,
 * expiresAt}`; 409 when the new number registered on the site meanwhile.
 */
export function createPhoneConfirmHandler(deps: VisitorDataDeps = {}): Handler {
  const {env = process.env} = deps
  return sessionEndpoint(
    'POST',
    async ({identity, body, now}) => {
      const phone = newNumberOf(body, identity)
      if (phone instanceof Response) return phone
      const code = codeOf(body)
      if (code instanceof Response) return code
      const changed = await changeNumber(identity, {phone, code}, now)
      if (!changed.ok) return codeRefusal(changed)
      if (changed.done.leads === 0)
        return (await isRegistered(identity.site, phone))
          ? fail(409, MESSAGES.phoneTaken, {phone: MESSAGES.phoneTaken})
          : fail(409, MESSAGES.nothingKept)
      const session = await signVisitorSession({...identity, phone}, now, env)
      return json({ok: true, ...session})
    },
    deps,
  )
}

/** POST /api/visitor/marketing: stops marketing to the number (see stopMarketing). */
export function createMarketingHandler(deps: VisitorDataDeps = {}): Handler {
  return sessionEndpoint(
    'POST',
    async ({identity, now}) => json({ok: true, leads: await stopMarketing(identity, now)}),
    deps,
  )
}

/**
 * POST /api/visitor/requests {kind, body}: a request staff answer by text within 10 days
 * (201 `{ok, request}`).
 */
export function createRequestHandler(deps: VisitorDataDeps = {}): Handler {
  return sessionEndpoint(
    'POST',
    async ({identity, body, now}) => {
      const kind = body.kind
      if (!(STAFF_KINDS as readonly unknown[]).includes(kind))
        return fail(400, MESSAGES.kindRequired, {kind: MESSAGES.kindRequired})
      const words =
        typeof body.body === 'string'
          ? stripControls(body.body.replace(/\r\n?/g, '\n'), '\n').trim()
          : ''
      if (!words) return fail(400, MESSAGES.bodyRequired, {body: MESSAGES.bodyRequired})
      if ([...words].length > REQUEST_BODY_MAX)
        return fail(400, MESSAGES.bodyTooLong, {body: MESSAGES.bodyTooLong})
      const request = await addStaffRequest(identity, kind as StaffRequestKind, words, now)
      return json({ok: true, request}, 201)
    },
    deps,
  )
}
