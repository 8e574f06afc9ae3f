import {setting, type Env} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {normalizeEmail, parseStaffAccounts, SITE_SLUG} from '../auth/admin-users.ts'
import {
  INVITE_PAGE_PATH,
  STAFF_ROLES,
  type StaffAccess,
  type StaffAccountItem,
  type StaffChangesAnswer,
  type StaffLinkAnswer,
  type StaffListAnswer,
  type StaffRole,
} from '#shared/auth/staff-accounts.ts'
import type {FieldErrors} from '#shared/field-errors.ts'
import {asRecord, fail, json, methodNotAllowed, readJsonBody} from '../http.ts'
import {SiteDirectory} from '../leads/sites.ts'
import {administratorRequest, type StaffIdentity} from '../gates/staff.ts'
import {
  changeAccess,
  inviteAccount,
  latestChanges,
  newLink,
  setDisabled,
  type ChangeOutcome,
  type ChangeRefusal,
  type IssuedLink,
} from './account-changes.ts'
import {bootstrapTotpSecret} from '../auth/totp-factor.ts'
import {storedAccounts, type StoredAccount} from '../auth/stored-accounts.ts'

/*
 * The endpoints of 직원 관리, for administrators only: the accounts, inviting someone, changing
 * an account's access, disabling and enabling it, a new one-time link, and the change record.
 */

type StaffContext = Pick<Context, 'ip'> & Partial<Pick<Context, 'params'>>

export interface StaffAccountsDeps {
  /** The sites that exist (the lake's), or null when they cannot be read now. */
  sites?: () => Promise<ReadonlySet<string> | null>
  clock?: () => number
  env?: Env
}

export const STAFF_MESSAGES = {
  administratorsOnly: '직원 관리는 관리자만 할 수 있습니다.',
  email: '이메일 주소를 확인해 주세요.',
  role: '역할을 관리자 또는 상담 직원 중에서 골라 주세요.',
  sites: '상담 직원이 맡을 현장을 하나 이상 골라 주세요.',
  unknownSite: '없는 현장이 있습니다. 현장을 다시 골라 주세요.',
  exists: '이미 등록된 이메일입니다. 목록에서 그 계정을 찾아 주세요.',
  notFound: '직원 계정을 찾을 수 없습니다.',
  notYetAccount: 'ADMIN_USERS의 계정은 그 계정으로 처음 로그인한 뒤에 바꿀 수 있습니다.',
  self: '자기 계정은 바꿀 수 없습니다. 다른 관리자에게 부탁해 주세요.',
  change: '바꿀 내용(역할과 현장, 또는 사용 중지 여부)을 보내 주세요.',
  both: '사용 중지와 역할 변경은 따로 해 주세요.',
  disabledLink: '사용 중지된 계정입니다. 다시 사용하도록 바꾼 뒤 링크를 만들어 주세요.',
  conflict: '다른 관리자가 방금 이 계정의 링크를 만들었습니다. 목록을 다시 불러와 주세요.',
  sitesUnavailable: '현장 목록을 읽지 못했습니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '일시적인 장애로 직원 계정을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

const BODY_MAX_BYTES = 2048
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const EMAIL_MAX_LENGTH = 254
/** The change record 직원 관리 shows: the latest of it (all of it is kept three years). */
const CHANGES_SHOWN = 100

const defaultSites = new SiteDirectory()

function item(account: StoredAccount, env: Env): StaffAccountItem {
  return {
    email: account.email,
    role: account.role,
    sites: account.sites,
    disabled: account.disabled,
    // The first administrator's app may be ADMIN_TOTP_SECRET rather than one enrolled here.
    secondFactor: account.secondFactor || bootstrapTotpSecret(account.email, env) !== null,
    invited: account.invited,
    linkExpiresAt: account.linkExpiresAt?.toISOString() ?? null,
    bootstrap: false,
  }
}

/** The accounts, then the ADMIN_USERS entries that are no account yet (their first sign-in makes one). */
async function accountItems(env: Env, now: Date): Promise<StaffAccountItem[]> {
  const stored = await storedAccounts(now)
  const known = new Set(stored.map((account) => account.email))
  const bootstrap = [...parseStaffAccounts(setting('ADMIN_USERS', env))]
    .filter(([email]) => !known.has(email))
    .map(([email, {sites}]) => ({
      ...item(
        {
          email,
          role: sites ? 'counsellor' : 'administrator',
          sites: sites ?? [],
          disabled: false,
          invited: false,
          secondFactor: false,
          linkExpiresAt: null,
        },
        env,
      ),
      bootstrap: true,
    }))
  return [...stored.map((account) => item(account, env)), ...bootstrap]
}

function linkAnswer(email: string, link: IssuedLink): StaffLinkAnswer {
  return {
    ok: true,
    email,
    path: `${INVITE_PAGE_PATH}#${link.token}`,
    expiresAt: link.expiresAt.toISOString(),
    kind: link.kind,
  }
}

type Parsed<T> = {ok: true; value: T} | {ok: false; response: Response}

const refused = (error: string, fields?: FieldErrors): Parsed<never> => ({
  ok: false,
  response: fail(400, error, fields),
})

/** The role and sites of a body, each site one that exists. */
async function parseAccess(
  body: Record<string, unknown>,
  sites: () => Promise<ReadonlySet<string> | null>,
): Promise<Parsed<StaffAccess>> {
  const role = body.role
  if (typeof role !== 'string' || !STAFF_ROLES.includes(role as StaffRole))
    return refused(STAFF_MESSAGES.role, {role: STAFF_MESSAGES.role})
  if (role === 'administrator') return {ok: true, value: {role, sites: []}}
  const asked = Array.isArray(body.sites) ? body.sites : []
  const chosen = [...new Set(asked)].filter((site): site is string => typeof site === 'string')
  if (chosen.length === 0 || chosen.length !== asked.length)
    return refused(STAFF_MESSAGES.sites, {sites: STAFF_MESSAGES.sites})
  if (!chosen.every((site) => SITE_SLUG.test(site)))
    return refused(STAFF_MESSAGES.unknownSite, {sites: STAFF_MESSAGES.unknownSite})
  const existing = await sites()
  if (!existing) return {ok: false, response: fail(503, STAFF_MESSAGES.sitesUnavailable)}
  if (!chosen.every((site) => existing.has(site)))
    return refused(STAFF_MESSAGES.unknownSite, {sites: STAFF_MESSAGES.unknownSite})
  return {ok: true, value: {role: 'counsellor', sites: chosen.sort()}}
}

function parseEmail(value: unknown): string | null {
  const email = typeof value === 'string' ? normalizeEmail(value) : ''
  return EMAIL_SHAPE.test(email) && email.length <= EMAIL_MAX_LENGTH ? email : null
}

/** The answer of a change that did not happen. */
function notChanged(outcome: ChangeRefusal): Response {
  if (outcome === 'not-administrator') return fail(403, STAFF_MESSAGES.administratorsOnly)
  if (outcome === 'not-found') return fail(404, STAFF_MESSAGES.notFound)
  if (outcome === 'disabled') return fail(409, STAFF_MESSAGES.disabledLink)
  return fail(409, STAFF_MESSAGES.conflict)
}

async function readBody(req: Request): Promise<Parsed<Record<string, unknown>>> {
  const read = await readJsonBody(req, BODY_MAX_BYTES)
  if (!read.ok) return read
  const body = asRecord(read.value)
  return body ? {ok: true, value: body} : refused(STAFF_MESSAGES.change)
}

/** An endpoint's answer; the database failing is a 503 in Korean. */
async function answered(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    console.error('staff accounts: database unavailable', error)
    return fail(503, STAFF_MESSAGES.unavailable)
  }
}

/**
 * GET /api/admin/staff: `{ok, items}`, every account. POST `{email, role, sites}` invites
 * someone: the account and its one-time link (201, the link's path shown once).
 */
export function createStaffHandler({
  sites = () => defaultSites.slugs(),
  clock = Date.now,
  env = process.env,
}: StaffAccountsDeps = {}) {
  return async (req: Request, context: StaffContext): Promise<Response> => {
    if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
    const gate = await administratorRequest(
      req,
      context,
      req.method,
      STAFF_MESSAGES.administratorsOnly,
    )
    if (!gate.ok) return gate.response
    const now = new Date(clock())
    return answered(async () => {
      if (req.method === 'GET')
        return json({ok: true, items: await accountItems(env, now)} satisfies StaffListAnswer)
      const body = await readBody(req)
      if (!body.ok) return body.response
      const email = parseEmail(body.value.email)
      if (!email) return fail(400, STAFF_MESSAGES.email, {email: STAFF_MESSAGES.email})
      const access = await parseAccess(body.value, sites)
      if (!access.ok) return access.response
      if (parseStaffAccounts(setting('ADMIN_USERS', env)).has(email))
        return fail(409, STAFF_MESSAGES.exists, {email: STAFF_MESSAGES.exists})
      const invited = await inviteAccount(gate.staff.email, {email, ...access.value}, now)
      if (invited.outcome === 'unchanged')
        return fail(409, STAFF_MESSAGES.exists, {email: STAFF_MESSAGES.exists})
      if (invited.outcome !== 'changed') return notChanged(invited.outcome)
      return json(linkAnswer(email, invited.link), 201)
    })
  }
}

/** The account an endpoint's path names, if it is one an administrator may change. */
async function pathAccount(
  context: StaffContext,
  staff: StaffIdentity,
  env: Env,
): Promise<Parsed<string>> {
  let email: string | null
  try {
    email = parseEmail(decodeURIComponent(context.params?.email ?? ''))
  } catch {
    email = null
  }
  if (!email) return {ok: false, response: fail(404, STAFF_MESSAGES.notFound)}
  if (email === staff.email) return refused(STAFF_MESSAGES.self)
  if (parseStaffAccounts(setting('ADMIN_USERS', env)).has(email)) {
    const stored = await storedAccounts(new Date())
    if (!stored.some((account) => account.email === email))
      return {ok: false, response: fail(409, STAFF_MESSAGES.notYetAccount)}
  }
  return {ok: true, value: email}
}

/**
 * PATCH /api/admin/staff/:email with `{role, sites}` (the access) or `{disabled}`: answers the
 * account as the list shows it. Administrators do not change their own account.
 */
export function createAccountHandler({
  sites = () => defaultSites.slugs(),
  clock = Date.now,
  env = process.env,
}: StaffAccountsDeps = {}) {
  return async (req: Request, context: StaffContext): Promise<Response> => {
    const gate = await administratorRequest(
      req,
      context,
      'PATCH',
      STAFF_MESSAGES.administratorsOnly,
    )
    if (!gate.ok) return gate.response
    const now = new Date(clock())
    return answered(async () => {
      const target = await pathAccount(context, gate.staff, env)
      if (!target.ok) return target.response
      const body = await readBody(req)
      if (!body.ok) return body.response
      const {disabled} = body.value
      const accessAsked = 'role' in body.value || 'sites' in body.value
      if (disabled !== undefined && accessAsked) return fail(400, STAFF_MESSAGES.both)
      let outcome: ChangeOutcome
      if (typeof disabled === 'boolean') {
        outcome = await setDisabled(gate.staff.email, target.value, disabled, now)
      } else if (accessAsked) {
        const access = await parseAccess(body.value, sites)
        if (!access.ok) return access.response
        outcome = await changeAccess(gate.staff.email, {email: target.value, ...access.value}, now)
      } else {
        return fail(400, STAFF_MESSAGES.change)
      }
      if (outcome !== 'changed' && outcome !== 'unchanged') return notChanged(outcome)
      const account = (await storedAccounts(now)).find(({email}) => email === target.value)
      return account ? json({ok: true, account: item(account, env)}) : notChanged('not-found')
    })
  }
}

/**
 * POST /api/admin/staff/:email/link: a new one-time link (201, shown once): the first
 * password of an invited account, or a new one. The account's open link no longer works.
 */
export function createLinkHandler({clock = Date.now, env = process.env}: StaffAccountsDeps = {}) {
  return async (req: Request, context: StaffContext): Promise<Response> => {
    const gate = await administratorRequest(req, context, 'POST', STAFF_MESSAGES.administratorsOnly)
    if (!gate.ok) return gate.response
    return answered(async () => {
      const target = await pathAccount(context, gate.staff, env)
      if (!target.ok) return target.response
      const made = await newLink(gate.staff.email, target.value, new Date(clock()))
      if (made.outcome !== 'changed') return notChanged(made.outcome)
      return json(linkAnswer(target.value, made.link), 201)
    })
  }
}

/** GET /api/admin/staff-changes: `{ok, items}`, the latest grants, changes and removals. */
export async function changesHandler(req: Request, context: StaffContext): Promise<Response> {
  const gate = await administratorRequest(req, context, 'GET', STAFF_MESSAGES.administratorsOnly)
  if (!gate.ok) return gate.response
  return answered(async () => {
    const answer: StaffChangesAnswer = {ok: true, items: await latestChanges(CHANGES_SHOWN)}
    return json(answer)
  })
}
