import type {Config, Context} from '@netlify/functions'
import {normalizeEmail} from './_shared/auth/admin-users.ts'
import {signInRefusal} from '#shared/auth/sign-in-result.ts'
import {startSession} from './_shared/auth/refresh-sessions.ts'
import {sessionAnswer} from './_shared/auth/session-answer.ts'
import {guardedSignIn} from './_shared/auth/sign-in.ts'
import {asRecord, fail, methodNotAllowed, readJsonBody, tooManyRequests} from './_shared/http.ts'
import {throughEdgeOnly, visitorKey} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await readJsonBody(req, 1024)
  if (!body.ok) return body.response
  const input = asRecord(body.value)
  const email = typeof input?.email === 'string' ? normalizeEmail(input.email) : ''
  const password = typeof input?.password === 'string' ? input.password : ''
  // Scripts send the second factor's code with the password; the pages send it after.
  const code = typeof input?.code === 'string' && input.code.trim() ? input.code.trim() : undefined
  if (!email || !password) {
    const fields: Record<string, string> = {}
    if (!email) fields.email = '이메일을 입력해 주세요.'
    if (!password) fields.password = '비밀번호를 입력해 주세요.'
    return fail(400, '이메일과 비밀번호를 입력해 주세요.', fields)
  }

  const now = Date.now()
  try {
    const result = await guardedSignIn({
      email,
      password,
      code,
      visitor: visitorKey(req, context),
      channel: 'site',
      now,
    })
    if (!result.ok)
      return 'retryAfterS' in result
        ? tooManyRequests(result.retryAfterS, signInRefusal(result))
        : fail(401, signInRefusal(result))
    const issued = await startSession(result.email, now, result.factor)
    // Disabled between the password's check and here: as if the password were wrong.
    if (!issued) return fail(401, signInRefusal({ok: false, reason: 'invalid'}))
    return sessionAnswer(issued, new Date(now))
  } catch (error) {
    console.error('admin login: database unavailable', error)
    return fail(503, '지금은 로그인할 수 없습니다. 잠시 후 다시 시도해 주세요.')
  }
})

export const config: Config = {path: '/api/admin/login'}
