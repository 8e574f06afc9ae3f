import {DEFAULT_SCRYPT_PARAMS, parseHash, unmatchableHash, verifyPassword} from './password.ts'

/** E-mail addresses are compared trimmed and lower-cased, as people type them. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * ADMIN_USERS: `email:hash` pairs separated by commas or whitespace (the hash never
 * contains either). Pairs whose hash is not one `npm run admin:hash` makes are ignored,
 * so a typo cannot create an account that any password opens.
 */
export function parseAdminUsers(value: string | undefined): Map<string, string> {
  const users = new Map<string, string>()
  for (const pair of (value ?? '').split(/[\s,]+/)) {
    const colon = pair.lastIndexOf(':')
    if (colon <= 0) continue
    const email = normalizeEmail(pair.slice(0, colon))
    const hash = pair.slice(colon + 1)
    if (parseHash(hash)) users.set(email, hash)
  }
  return users
}

export function isAdmin(
  email: string,
  env: Record<string, string | undefined> = process.env,
): boolean {
  return parseAdminUsers(env.ADMIN_USERS).has(normalizeEmail(email))
}

/**
 * Checks a sign-in. An unknown e-mail is checked against a hash no password matches,
 * made with the same cost as the configured ones, so it takes as long as a wrong password
 * and the answer cannot tell which e-mail addresses exist.
 * Returns the administrator's normalized e-mail, or null.
 */
export async function checkCredentials(
  email: string,
  password: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string | null> {
  const users = parseAdminUsers(env.ADMIN_USERS)
  const normalized = normalizeEmail(email)
  const known = users.get(normalized)
  const firstHash = users.values().next().value
  const params = (firstHash && parseHash(firstHash)?.params) || DEFAULT_SCRYPT_PARAMS
  const matches = await verifyPassword(password, known ?? unmatchableHash(params))
  return matches && known ? normalized : null
}
