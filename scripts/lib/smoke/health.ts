import {setting, type Env} from '#config/settings.ts'
import {readTotpSecret} from '#shared/auth/totp.ts'
import {nextTotpCode, staffSignIn} from '../totp-codes.ts'
import {type Check, failed, passed} from './report.ts'

/*
 * The smoke test's look at the health endpoint, as an administrator: it refuses a request
 * without a token, and with one answers its jobs, none of them late.
 */

export const HEALTH_PATH = '/api/admin/health'

/**
 * How the smoke test signs in: an access token (SMOKE_ADMIN_TOKEN, 10 minutes' worth, from
 * a signed-in workspace), or an administrator's e-mail, password and authenticator secret
 * (SMOKE_ADMIN_EMAIL, SMOKE_ADMIN_PASSWORD, SMOKE_ADMIN_TOTP_SECRET): the code is made from
 * the secret, as the app makes it, so an unattended run signs in too.
 */
export type HealthAuth =
  {token: string} | {email: string; password: string; totpSecret: string} | {problem: string}

export function healthAuthFromEnv(env: Env): HealthAuth {
  const token = setting('SMOKE_ADMIN_TOKEN', env)
  if (token) return {token}
  const email = setting('SMOKE_ADMIN_EMAIL', env)
  const password = setting('SMOKE_ADMIN_PASSWORD', env)
  if (!email || !password)
    return {
      problem:
        'set SMOKE_ADMIN_TOKEN, or SMOKE_ADMIN_EMAIL, SMOKE_ADMIN_PASSWORD and SMOKE_ADMIN_TOTP_SECRET',
    }
  const totpSecret = readTotpSecret(setting('SMOKE_ADMIN_TOTP_SECRET', env))
  if (!totpSecret)
    return {problem: 'SMOKE_ADMIN_TOTP_SECRET is not a base32 secret of 80 bits or more'}
  return {email, password, totpSecret}
}

async function accessToken(base: string, auth: HealthAuth): Promise<string> {
  if ('problem' in auth) throw new Error(auth.problem)
  if ('token' in auth) return auth.token
  return staffSignIn(base, auth, await nextTotpCode(auth.totpSecret))
}

interface HealthJob {
  name?: unknown
  lastRunAt?: unknown
  late?: unknown
}

async function healthAnswer(res: Response): Promise<{ok?: unknown; jobs?: unknown} | null> {
  try {
    return (await res.json()) as {ok?: unknown; jobs?: unknown}
  } catch {
    return null
  }
}

/** The health endpoint's checks: its refusal without a token, its answer, each job on time. */
export async function checkHealth(base: string, auth: HealthAuth): Promise<Check[]> {
  const url = `${base}${HEALTH_PATH}`
  const anonymous = await fetch(url)
  await anonymous.body?.cancel()
  const checks = [
    anonymous.status === 401
      ? passed('health', 'without a token', '401')
      : failed('health', 'without a token', `answered ${anonymous.status}, not 401`),
  ]
  let token: string
  try {
    token = await accessToken(base, auth)
  } catch (error) {
    return [...checks, failed('health', 'sign-in', (error as Error).message)]
  }
  const res = await fetch(url, {headers: {authorization: `Bearer ${token}`}})
  const body = await healthAnswer(res)
  if (res.status !== 200 || body?.ok !== true || !Array.isArray(body.jobs))
    return [...checks, failed('health', HEALTH_PATH, `answered ${res.status} without its jobs`)]
  const jobs = body.jobs as HealthJob[]
  if (jobs.length === 0) return [...checks, failed('health', HEALTH_PATH, 'names no job')]
  return [
    ...checks,
    passed('health', HEALTH_PATH, `${jobs.length} jobs`),
    ...jobs.map((job) => {
      const name = `job ${String(job.name)}`
      const lastRun = typeof job.lastRunAt === 'string' ? job.lastRunAt : 'never'
      return job.late === false
        ? passed('health', name, `on time, last run ${lastRun}`)
        : failed('health', name, `late, last run ${lastRun}`)
    }),
  ]
}
