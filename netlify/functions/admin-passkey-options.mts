import type {Config, Context} from '@netlify/functions'
import {enrolmentAllowed, REQUEST_REFUSED} from './_shared/gates/enrolment.ts'
import {passkeyEnrolmentOptions, passkeySignInOptions} from './_shared/auth/passkeys.ts'
import {enrolledFactors} from './_shared/auth/second-factor.ts'
import {asRecord, fail, json, readJsonBody} from './_shared/http.ts'
import {signInRequest} from './_shared/gates/staff.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

const NO_PASSKEY =
  '이 계정에는 등록된 패스키가 없습니다. 인증 앱의 코드나 복구 코드를 입력해 주세요.'

/**
 * POST `{purpose: 'sign-in'}`: the challenge to sign in with one of the account's passkeys;
 * `{purpose: 'enrol'}`: the challenge to create one (for a sign-in that may enrol). Answers
 * `{ok, options}` for @simplewebauthn/browser; the challenge lasts five minutes.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const gate = await signInRequest(req, context, 'POST')
  if (!gate.ok) return gate.response
  const read = await readJsonBody(req, 1024)
  if (!read.ok) return read.response
  const purpose = asRecord(read.value)?.purpose
  const {staff, session} = gate.signIn
  const asker = {session, email: staff.email}
  const now = Date.now()
  if (purpose === 'enrol') {
    const allowed = await enrolmentAllowed(req, context, gate.signIn)
    if (!allowed.ok) return allowed.response
    return json({ok: true, options: await passkeyEnrolmentOptions(asker, now)})
  }
  if (purpose !== 'sign-in') return fail(400, REQUEST_REFUSED)
  if ((await enrolledFactors(staff.email)).passkeys === 0) return fail(400, NO_PASSKEY)
  return json({ok: true, options: await passkeySignInOptions(asker, now)})
})

export const config: Config = {path: '/api/admin/passkeys/options'}
