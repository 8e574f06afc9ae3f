import {setting, type Env} from '#config/settings.ts'
/*
 * AUTH_SECRET as a key, for the JWTs of ./signed-token.ts and the HMAC of a visit's link. A
 * module of its own: the functions that only sign links need not load the JWT library.
 */

export function signingKey(env: Env): Uint8Array {
  const secret = setting('AUTH_SECRET', env) ?? ''
  // A short secret can be brute-forced from one token; refuse to run with it.
  if (secret.length < 32)
    throw new Error('AUTH_SECRET must be set to a random secret of at least 32 characters')
  return new TextEncoder().encode(secret)
}
