import type {Config, Context} from '@netlify/functions'
import {signInRefusal} from '#shared/auth/sign-in-result.ts'
import {auditStaffRefusal} from './_shared/gates/signed-in.ts'
import {enrolmentRequest, factorEnrolled} from './_shared/gates/enrolment.ts'
import {enrolmentSecret} from './_shared/auth/totp-enrolment.ts'
import {enrolTotp} from './_shared/auth/totp-factor.ts'
import {fail} from './_shared/http.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'
import {TOTP_ENROLLED} from './admin-totp-enrolment.mts'

const EXPIRED = '등록 시간이 지났습니다. 인증 앱 등록을 처음부터 다시 해 주세요.'
const MISSING = '인증 앱에 보이는 6자리 코드를 입력해 주세요.'

/**
 * POST `{enrolment, code}`: enrols the app of POST /api/admin/totp/enrolment once its first
 * code checks. Answers 201 with the sign-in's factor and what the account has, and the
 * recovery codes when it had none.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const gate = await enrolmentRequest(req, context, 2048)
  if (!gate.ok) return gate.response
  const {signIn, body, enrolled} = gate
  const email = signIn.staff.email
  if (enrolled.totp) return fail(409, TOTP_ENROLLED)
  const code = typeof body.code === 'string' ? body.code.replace(/\s/g, '') : ''
  if (!code) return fail(400, MISSING, {code: MISSING})
  const now = Date.now()
  const secret =
    typeof body.enrolment === 'string'
      ? await enrolmentSecret(body.enrolment, {session: signIn.session, email}, new Date(now))
      : null
  if (!secret) return fail(400, EXPIRED)
  const enrolledNow = await enrolTotp(email, secret, code, now)
  if (!enrolledNow.ok) {
    await auditStaffRefusal(req, context, {actor: email, reason: enrolledNow.reason})
    if (enrolledNow.reason === 'enrolled') return fail(409, TOTP_ENROLLED)
    return fail(400, signInRefusal(enrolledNow), {code: signInRefusal(enrolledNow)})
  }
  return factorEnrolled(req, context, {signIn, enrolled, change: 'totp', now})
})

export const config: Config = {path: '/api/admin/totp'}
