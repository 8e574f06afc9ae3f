import type {Config, Context} from '@netlify/functions'
import type {RegistrationResponseJSON} from '@simplewebauthn/server'
import {auditStaffRefusal} from './_shared/gates/signed-in.ts'
import {enrolmentRequest, factorEnrolled} from './_shared/gates/enrolment.ts'
import {enrolPasskey, readPasskeyAnswer} from './_shared/auth/passkeys.ts'
import {fail} from './_shared/http.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

const REFUSALS = {
  'bad-passkey': '패스키를 등록하지 못했습니다. 패스키 등록을 처음부터 다시 해 주세요.',
  'passkey-exists': '이미 등록된 패스키입니다. 다른 기기나 보안 키로 등록해 주세요.',
}

/**
 * POST `{passkey}`: the browser's new passkey, answering the challenge of
 * POST /api/admin/passkeys/options `{purpose: 'enrol'}`. Answers 201 with the sign-in's
 * factor and what the account has, and the recovery codes when it had none.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const gate = await enrolmentRequest(req, context, 8 * 1024)
  if (!gate.ok) return gate.response
  const {signIn, body, enrolled} = gate
  const passkey = readPasskeyAnswer<RegistrationResponseJSON>(body.passkey)
  if (!passkey) return fail(400, REFUSALS['bad-passkey'])
  const now = Date.now()
  const session = {session: signIn.session, email: signIn.staff.email}
  const kept = await enrolPasskey(session, passkey, now)
  if (!kept.ok) {
    await auditStaffRefusal(req, context, {actor: signIn.staff.email, reason: kept.reason})
    return fail(400, REFUSALS[kept.reason])
  }
  return factorEnrolled(req, context, {signIn, enrolled, change: 'passkey', now})
})

export const config: Config = {path: '/api/admin/passkeys'}
