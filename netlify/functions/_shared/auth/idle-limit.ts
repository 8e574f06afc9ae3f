import {setting, type Env} from '#config/settings.ts'

/*
 * A staff sign-in ends after this long without work: STAFF_IDLE_MINUTES, 30 by default, from
 * 2 (the page warns a minute before) to 60. The refresh token lives exactly this long
 * from the last work, and the page signs out when it runs out.
 */

/** The idle limit in seconds. */
export function idleLimitS(env: Env = process.env): number {
  return setting('STAFF_IDLE_MINUTES', env) * 60
}
