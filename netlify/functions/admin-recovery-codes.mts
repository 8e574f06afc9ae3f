import type {Config, Context} from '@netlify/functions'
import {auditAside} from './_shared/audit.ts'
import {factorState} from './_shared/gates/enrolment.ts'
import {newRecoveryCodes} from './_shared/auth/recovery-codes.ts'
import {staffRequest} from './_shared/gates/staff.ts'
import {throughEdgeOnly, visitorKey} from './_shared/gates/visitor.ts'

/**
 * POST: eight new recovery codes for the signed-in account (which passed its second factor),
 * replacing the ones it had; answered once, 201 `{ok, recoveryCodes, enrolled}`.
 */
export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const gate = await staffRequest(req, context, 'POST')
  if (!gate.ok) return gate.response
  const {email} = gate.staff
  const now = Date.now()
  const recoveryCodes = await newRecoveryCodes(email, now)
  await auditAside({
    at: now,
    actor: email,
    action: 'second-factor',
    visitor: visitorKey(req, context),
    detail: {change: 'recovery-codes', recoveryCodes: true},
  })
  return factorState(email, {recoveryCodes}, 201)
})

export const config: Config = {path: '/api/admin/recovery-codes'}
