import type {Env} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {normalizeEmail, siteStaff} from '../auth/admin-users.ts'
import type {OwnerAnswer, AwayAnswer} from '#shared/leads/owners.ts'
import {asRecord, fail, json, methodNotAllowed, readJsonBody} from '../http.ts'
import {seesSite, staffRequest} from '../gates/staff.ts'
import {guardedAction, NOT_FOUND, UNAVAILABLE} from './admin-handlers.ts'
import {awayAmong, changeOwner, ownerChoices, setAway} from './owners.ts'
import {getLead} from './store.ts'

/*
 * The staff endpoints of owners: a lead's owner and who may take it, and a staff member's
 * own 자리 비움 mark.
 */

type StaffContext = Pick<Context, 'ip'> & Partial<Pick<Context, 'params'>>

const BODY_MAX_BYTES = 1024
export const OWNER_MESSAGES = {
  missing: '담당자를 골라 주세요.',
  notStaff: '담당자는 이 현장의 상담 직원 중에서 골라 주세요.',
  away: '자리 비움 여부(away)를 true 또는 false로 보내 주세요.',
} as const

/**
 * GET /api/admin/leads/:id/owner: `{ok, owner, choices}`, the owner (null: nobody yet) and
 * the site's staff who may take the lead. PUT `{owner}` makes one of them the owner (audited
 * 'owner') and answers the same. A lead of a site the staff member may not see is a 404,
 * like a missing one; an owner who is not the site's staff is a 400; neither changes
 * anything.
 */
export function createOwnerHandler(env: Env = process.env) {
  return async (req: Request, context: StaffContext, now = Date.now()): Promise<Response> => {
    if (req.method !== 'GET' && req.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
    const action = await guardedAction(req, context, req.method, now)
    if (!action.ok) return action.response
    let owner: string | undefined
    if (req.method === 'PUT') {
      const body = await readJsonBody(req, BODY_MAX_BYTES)
      if (!body.ok) return body.response
      const asked = asRecord(body.value)?.owner
      if (typeof asked !== 'string' || asked.trim() === '')
        return fail(400, OWNER_MESSAGES.missing, {owner: OWNER_MESSAGES.missing})
      owner = normalizeEmail(asked)
    }
    try {
      const lead = await getLead(action.id)
      if (!lead || !seesSite(action.staff, lead.site)) return fail(404, NOT_FOUND)
      if (owner !== undefined) {
        if (!(await siteStaff(lead.site, env)).includes(owner))
          return fail(400, OWNER_MESSAGES.notStaff, {owner: OWNER_MESSAGES.notStaff})
        const changed = await changeOwner(action.id, action.staff.sites, owner, action.audit)
        if (changed === 'not-found') return fail(404, NOT_FOUND)
      }
      const answer: OwnerAnswer = {
        ok: true,
        owner: owner ?? lead.owner ?? null,
        choices: await ownerChoices(lead.site, env),
      }
      return json(answer)
    } catch (error) {
      console.error('admin owner: database unavailable', error)
      return fail(503, UNAVAILABLE)
    }
  }
}

export const ownerHandler = createOwnerHandler()

/**
 * GET /api/admin/away: `{ok, away}`, whether the signed-in staff member is marked away (자리
 * 비움: skipped by the turns of new leads). PUT `{away: boolean}` sets it and answers the same.
 */
export async function awayHandler(
  req: Request,
  context: Pick<Context, 'ip'>,
  now = Date.now(),
): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const gate = await staffRequest(req, context, req.method)
  if (!gate.ok) return gate.response
  const {email} = gate.staff
  let away: boolean | undefined
  if (req.method === 'PUT') {
    const body = await readJsonBody(req, BODY_MAX_BYTES)
    if (!body.ok) return body.response
    const asked = asRecord(body.value)?.away
    if (typeof asked !== 'boolean')
      return fail(400, OWNER_MESSAGES.away, {away: OWNER_MESSAGES.away})
    away = asked
  }
  try {
    if (away !== undefined) await setAway(email, away, now)
    const answer: AwayAnswer = {ok: true, away: away ?? (await awayAmong([email])).has(email)}
    return json(answer)
  } catch (error) {
    console.error('admin away: database unavailable', error)
    return fail(503, UNAVAILABLE)
  }
}
