import {setting, type Env} from '#config/settings.ts'
import {createHmac, timingSafeEqual} from 'node:crypto'

/*
 * Who may start a scheduled function. On Netlify only the platform's scheduler reaches
 * one (a request to its URL does not run it). netlify-cli runs no schedules and runs a
 * scheduled function for any request to its URL, so the local stack runs the schedules
 * itself, sets LOCAL_SCHEDULER for the functions, and signs each run with AUTH_SECRET;
 * under LOCAL_SCHEDULER a run without a fresh signature starts nothing.
 */

export const SCHEDULE_SIGNATURE_HEADER = 'x-schedule-signature'
/**
 * A signature is good for this long either side of its time (the stack signs each run as it sends
 * it).
 */
const MAX_AGE_S = 60

function mac(name: string, time: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`schedule\n${name}\n${time}`).digest()
}

/** `<unix seconds>.<base64url HMAC>` for a run of the scheduled function `name`. */
export function signScheduledRun(name: string, secret: string, now = Date.now()): string {
  const time = Math.floor(now / 1000)
  return `${time}.${mac(name, time, secret).toString('base64url')}`
}

function validSignature(value: string | null, name: string, secret: string, now: number): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(value ?? '')
  if (!match || secret.length < 32) return false
  const time = Number(match[1])
  if (Math.abs(now / 1000 - time) > MAX_AGE_S) return false
  return timingSafeEqual(Buffer.from(match[2]!, 'base64url'), mac(name, time, secret))
}

/** Whether this request may start a run of the scheduled function `name`. */
export function mayRunSchedule(
  req: Request,
  name: string,
  env: Env = process.env,
  now = Date.now(),
): boolean {
  if (!setting('LOCAL_SCHEDULER', env)) return true
  return validSignature(
    req.headers.get(SCHEDULE_SIGNATURE_HEADER),
    name,
    setting('AUTH_SECRET', env) ?? '',
    now,
  )
}
