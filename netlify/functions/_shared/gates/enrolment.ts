import type {Context} from '@netlify/functions'
import {hasSecondFactor, type EnrolledFactors} from '#shared/auth/enrolled-factors.ts'
import type {SecondFactor} from '#shared/auth/sign-in-result.ts'
import {auditAside} from '../audit.ts'
import {auditStaffRefusal, SECOND_FACTOR_NEEDED, type StaffSignIn} from './signed-in.ts'
import {asRecord, fail, json, readJsonBody} from '../http.ts'
import {signInRequest} from './staff.ts'
import {visitorKey} from './visitor.ts'
import {newRecoveryCodes} from '../auth/recovery-codes.ts'
import {passSecondFactor} from '../auth/refresh-sessions.ts'
import {enrolledFactors} from '../auth/second-factor.ts'

/*
 * What the endpoints that enrol a second factor share. Who may enrol: a sign-in that passed
 * its second factor, or the sign-in of an account that has none yet (its first, right after
 * the password). A password alone never adds a factor to an account that has one, so a stolen
 * password cannot enrol the thief's phone. The first factor counts for the sign-in that
 * enrolled it, and comes with the account's recovery codes.
 */

export const REQUEST_REFUSED = '요청 내용을 확인해 주세요.'

export type EnrolmentGate =
  | {ok: true; signIn: StaffSignIn; body: Record<string, unknown>; enrolled: EnrolledFactors}
  | {ok: false; response: Response}

/** What the account has enrolled, if the sign-in may enrol a factor; else the 403 to answer. */
export async function enrolmentAllowed(
  req: Request,
  context: Pick<Context, 'ip'>,
  signIn: StaffSignIn,
): Promise<{ok: true; enrolled: EnrolledFactors} | {ok: false; response: Response}> {
  const enrolled = await enrolledFactors(signIn.staff.email)
  if (signIn.factor || !hasSecondFactor(enrolled)) return {ok: true, enrolled}
  await auditStaffRefusal(req, context, {actor: signIn.staff.email, reason: 'second-factor'})
  return {ok: false, response: fail(403, SECOND_FACTOR_NEEDED)}
}

/** A POST of a JSON object (at most `maxBytes`) by a sign-in that may enrol a factor. */
export async function enrolmentRequest(
  req: Request,
  context: Pick<Context, 'ip'>,
  maxBytes: number,
): Promise<EnrolmentGate> {
  const gate = await signInRequest(req, context, 'POST')
  if (!gate.ok) return gate
  const read = await readJsonBody(req, maxBytes)
  if (!read.ok) return read
  const body = asRecord(read.value)
  if (!body) return {ok: false, response: fail(400, REQUEST_REFUSED)}
  const allowed = await enrolmentAllowed(req, context, gate.signIn)
  return allowed.ok ? {ok: true, signIn: gate.signIn, body, enrolled: allowed.enrolled} : allowed
}

/**
 * What the account has enrolled and what else the endpoint answers (the sign-in's `factor`,
 * new recovery codes), as every second-factor endpoint answers.
 */
export async function factorState(
  email: string,
  extra: Record<string, unknown>,
  status = 200,
): Promise<Response> {
  return json({ok: true, ...extra, enrolled: await enrolledFactors(email)}, status)
}

/**
 * After `change` was enrolled: the sign-in without a factor now has it, an account without
 * recovery codes gets its eight (in the answer, shown once), and the audit log says so.
 */
export async function factorEnrolled(
  req: Request,
  context: Pick<Context, 'ip'>,
  {
    signIn,
    enrolled,
    change,
    now,
  }: {
    signIn: StaffSignIn
    enrolled: EnrolledFactors
    change: SecondFactor
    now: number
  },
): Promise<Response> {
  const {email} = signIn.staff
  if (!signIn.factor) await passSecondFactor(signIn.session, change, now)
  const recoveryCodes = enrolled.recoveryCodes === 0 ? await newRecoveryCodes(email, now) : null
  await auditAside({
    at: now,
    actor: email,
    action: 'second-factor',
    visitor: visitorKey(req, context),
    detail: {change, recoveryCodes: recoveryCodes !== null},
  })
  const factor = signIn.factor ?? change
  return factorState(email, recoveryCodes ? {factor, recoveryCodes} : {factor}, 201)
}
