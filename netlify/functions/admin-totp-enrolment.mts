import type {Config, Context} from '@netlify/functions'
import {enrolmentRequest} from './_shared/gates/enrolment.ts'
import {startTotpEnrolment} from './_shared/auth/totp-enrolment.ts'
import {fail, json} from './_shared/http.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export const TOTP_ENROLLED = '이미 인증 앱을 등록한 계정입니다.'

/**
 * POST `{}`: a new authenticator-app secret for the signed-in account, as a QR code and a key
 * to type, with the enrolment token that POST /api/admin/totp takes back with the first code.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const gate = await enrolmentRequest(req, context, 1024)
  if (!gate.ok) return gate.response
  if (gate.enrolled.totp) return fail(409, TOTP_ENROLLED)
  const {staff, session} = gate.signIn
  return json({ok: true, ...(await startTotpEnrolment({session, email: staff.email}, new Date()))})
})

export const config: Config = {path: '/api/admin/totp/enrolment'}
