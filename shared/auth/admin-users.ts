import {DEFAULT_SCRYPT_PARAMS, parseHash, unmatchableHash, verifyPassword} from './password.ts'

/** E-mail addresses are compared trimmed and lower-cased, as people type them. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** A staff account: its password hash and the sites it may see (null: all, an administrator). */
export interface StaffAccount {
  hash: string
  sites: string[] | null
}

/** A site's path segment as the content names it (`daegu`, `busan-2`). */
const SITE_SLUG = /^[a-z0-9][a-z0-9-]*$/

/**
 * ADMIN_USERS: `email:hash` or `email:hash:site1|site2` entries separated by commas or
 * whitespace (neither the hash nor a site contains either). An entry without sites is an
 * administrator, who sees every site; one with sites is a counsellor, who sees only those.
 * Entries whose hash is not one `npm run admin:hash` makes, or with a malformed site list,
 * are ignored, so a typo cannot create an account that any password opens or that sees
 * more than it should.
 */
export function parseStaffAccounts(value: string | undefined): Map<string, StaffAccount> {
  const accounts = new Map<string, StaffAccount>()
  for (const entry of (value ?? '').split(/[\s,]+/)) {
    const parts = entry.split(':')
    const last = parts.at(-1) ?? ''
    const withSites = parts.length >= 3 && !parseHash(last) && parseHash(parts.at(-2) ?? '')
    const hash = withSites ? (parts.at(-2) ?? '') : last
    const email = normalizeEmail(parts.slice(0, withSites ? -2 : -1).join(':'))
    if (!email || !parseHash(hash)) continue
    if (!withSites) {
      accounts.set(email, {hash, sites: null})
      continue
    }
    const sites = last.split('|')
    if (sites.every((site) => SITE_SLUG.test(site))) accounts.set(email, {hash, sites})
  }
  return accounts
}

/** The accounts' password hashes by e-mail. */
export function parseAdminUsers(value: string | undefined): Map<string, string> {
  return new Map([...parseStaffAccounts(value)].map(([email, account]) => [email, account.hash]))
}

export function isAdmin(
  email: string,
  env: Record<string, string | undefined> = process.env,
): boolean {
  return parseAdminUsers(env.ADMIN_USERS).has(normalizeEmail(email))
}

/**
 * The sites a staff account may see: null for an administrator (every site), the list for a
 * counsellor, undefined for an e-mail that is no account.
 */
export function staffSites(
  email: string,
  env: Record<string, string | undefined> = process.env,
): string[] | null | undefined {
  return parseStaffAccounts(env.ADMIN_USERS).get(normalizeEmail(email))?.sites
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

/** The administrators' e-mails (accounts without sites), in ADMIN_USERS' order. */
export function administrators(env: Record<string, string | undefined> = process.env): string[] {
  return [...parseStaffAccounts(env.ADMIN_USERS)]
    .filter(([, account]) => account.sites === null)
    .map(([email]) => email)
}

/**
 * The counsellors who take a site's new leads in turn: the accounts naming the site, or,
 * when none does, the administrators. The one place that says who they are (accounts move
 * into the database later; only this changes then).
 */
export function siteCounsellors(
  site: string,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const named = [...parseStaffAccounts(env.ADMIN_USERS)]
    .filter(([, account]) => account.sites?.includes(site))
    .map(([email]) => email)
  return named.length > 0 ? named : administrators(env)
}

/** Who may own a site's lead: its counsellors and every administrator. */
export function siteStaff(
  site: string,
  env: Record<string, string | undefined> = process.env,
): string[] {
  return [...new Set([...siteCounsellors(site, env), ...administrators(env)])]
}
