import type {Config, Context} from '@netlify/functions'
import type {AuthenticationResponseJSON} from '@simplewebauthn/server'
import {signInRefusal} from '#shared/auth/sign-in-result.ts'
import {factorState} from './_shared/gates/enrolment.ts'
import {readPasskeyAnswer, spendPasskey} from './_shared/auth/passkeys.ts'
import {passSecondFactor} from './_shared/auth/refresh-sessions.ts'
import {spendSecondFactorCode} from './_shared/auth/second-factor.ts'
import {guardedSecondFactor} from './_shared/auth/sign-in.ts'
import {asRecord, fail, methodNotAllowed, readJsonBody, tooManyRequests} from './_shared/http.ts'
import {signInRequest} from './_shared/gates/staff.ts'
import {throughEdgeOnly, visitorKey} from './_shared/gates/visitor.ts'

const MISSING = '인증 앱의 6자리 코드나 복구 코드를 입력해 주세요.'

/**
 * GET: the second factor this sign-in passed and what the account has enrolled.
 * POST `{code}` (the app's code or a recovery code) or `{passkey}` (the browser's answer to
 * the challenge of POST /api/admin/passkeys/options): the sign-in's second step, counted
 * against the sign-in guard like a password.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const gate = await signInRequest(req, context, req.method)
  if (!gate.ok) return gate.response
  const {staff, session, factor} = gate.signIn
  if (req.method === 'GET') return factorState(staff.email, {factor})

  const read = await readJsonBody(req, 8 * 1024)
  if (!read.ok) return read.response
  const body = asRecord(read.value)
  const code = typeof body?.code === 'string' ? body.code.trim() : ''
  const passkey = readPasskeyAnswer<AuthenticationResponseJSON>(body?.passkey)
  if (!code && !passkey) return fail(400, MISSING, {code: MISSING})
  const now = Date.now()
  const result = await guardedSecondFactor(
    {email: staff.email, visitor: visitorKey(req, context), now},
    () =>
      passkey
        ? spendPasskey({session, email: staff.email}, passkey, now)
        : spendSecondFactorCode(staff.email, code, now),
  )
  if (!result.ok)
    return 'retryAfterS' in result
      ? tooManyRequests(result.retryAfterS, signInRefusal(result))
      : fail(401, signInRefusal(result), passkey ? undefined : {code: signInRefusal(result)})
  if (!result.factor || !(await passSecondFactor(session, result.factor, now)))
    return fail(401, '로그아웃되었거나 끝난 로그인입니다. 다시 로그인해 주세요.')
  return factorState(staff.email, {factor: result.factor})
})

export const config: Config = {path: '/api/admin/second-factor'}
