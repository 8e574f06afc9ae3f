import type {Config, Context} from '@netlify/functions'
import {checkCredentials, normalizeEmail} from './_shared/auth/admin-users.ts'
import {clearLoginFailures, loginLock, recordLoginFailure} from './_shared/auth/login-guard.ts'
import {startSession} from './_shared/auth/refresh-sessions.ts'
import {sessionAnswer} from './_shared/auth/session-answer.ts'
import {asRecord, fail, methodNotAllowed, readJsonBody, tooManyRequests} from './_shared/http.ts'
import {hit} from './_shared/rate-limit.ts'
import {visitorKey} from './_shared/visitor.ts'

/** Besides the per-e-mail lock: one visitor trying many e-mail addresses. */
const VISITOR_RULE = {bucket: 'login', limit: 30, windowS: 15 * 60}

function lockedMessage(retryAfterS: number): string {
  return `로그인에 여러 번 실패하여 잠시 잠겼습니다. ${Math.ceil(retryAfterS / 60)}분 후에 다시 시도해 주세요.`
}

export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await readJsonBody(req, 1024)
  if (!body.ok) return body.response
  const input = asRecord(body.value)
  const email = typeof input?.email === 'string' ? normalizeEmail(input.email) : ''
  const password = typeof input?.password === 'string' ? input.password : ''
  if (!email || !password) {
    const fields: Record<string, string> = {}
    if (!email) fields.email = '이메일을 입력해 주세요.'
    if (!password) fields.password = '비밀번호를 입력해 주세요.'
    return fail(400, '이메일과 비밀번호를 입력해 주세요.', fields)
  }

  const now = Date.now()
  const visitor = visitorKey(req, context)
  const visitorLimit = await hit(VISITOR_RULE, visitor, now)
  if (!visitorLimit.allowed) return tooManyRequests(visitorLimit.retryAfterS, '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.')
  const lock = await loginLock(email, visitor, now)
  if (lock.locked) return tooManyRequests(lock.retryAfterS, lockedMessage(lock.retryAfterS))

  const admin = await checkCredentials(email, password)
  if (!admin) {
    const after = await recordLoginFailure(email, visitor, now)
    if (after.locked) return tooManyRequests(after.retryAfterS, lockedMessage(after.retryAfterS))
    return fail(401, '이메일 또는 비밀번호가 올바르지 않습니다.')
  }
  await clearLoginFailures(admin, visitor)
  return sessionAnswer(await startSession(admin, now), new Date(now))
}

export const config: Config = {path: '/api/admin/login'}
