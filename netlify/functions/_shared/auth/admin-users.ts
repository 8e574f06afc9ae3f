import {setting, type Env} from '#config/settings.ts'
import {adoptBootstrap, storedAccounts, storedPasswordHash} from './stored-accounts.ts'
import {
  DEFAULT_SCRYPT_PARAMS,
  parseHash,
  unmatchableHash,
  verifyPassword,
} from '#netlify/functions/_shared/auth/password.ts'

/*
 * Who may sign in, and as whom. Staff accounts live in the database (staff_accounts, managed
 * in the workspace's 직원 관리); ADMIN_USERS only brings the first administrators: an entry
 * whose e-mail is no account yet signs in with its hash, and that first sign-in makes it an
 * account, after which the database alone decides (a disabled account stays disabled, a new
 * password holds, whatever ADMIN_USERS says).
 */

/** E-mail addresses are compared trimmed and lower-cased, as people type them. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** An ADMIN_USERS entry: its password hash and the sites it may see (null: all, an administrator). */
export interface StaffAccount {
  hash: string
  sites: string[] | null
}

/** A site's path segment as the content names it (`daegu`, `busan-2`). */
export const SITE_SLUG = /^[a-z0-9][a-z0-9-]*$/

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

/**
 * Checks a sign-in: the database's account first, else the ADMIN_USERS entry, which becomes
 * an account when its password is right. An unknown e-mail (or an account that cannot sign
 * in) is checked against a hash no password matches, made with the same cost as the
 * configured ones, so it takes as long as a wrong password and the answer cannot tell which
 * e-mail addresses exist. Returns the staff member's normalized e-mail, or null.
 */
export async function checkCredentials(
  email: string,
  password: string,
  env: Env = process.env,
): Promise<string | null> {
  const normalized = normalizeEmail(email)
  const bootstrap = parseStaffAccounts(setting('ADMIN_USERS', env))
  const stored = await storedPasswordHash(normalized)
  const entry = stored === undefined ? bootstrap.get(normalized) : undefined
  const hash = stored ?? entry?.hash
  const firstHash = bootstrap.values().next().value?.hash
  const params = (firstHash && parseHash(firstHash)?.params) || DEFAULT_SCRYPT_PARAMS
  const matches = await verifyPassword(password, hash ?? unmatchableHash(params))
  if (!matches || !hash) return null
  if (entry) await adoptBootstrap(normalized, entry, new Date())
  return normalized
}

/** Someone who can sign in, and the sites they see (null: every site, an administrator). */
export interface StaffMember {
  email: string
  sites: string[] | null
}

/**
 * Everyone who can sign in: the accounts (oldest first) neither disabled nor waiting for their
 * password, then the ADMIN_USERS entries that are no account yet. The one place that says who
 * the staff are, for the turns of new leads and the alerts.
 */
export async function staffMembers(env: Env = process.env): Promise<StaffMember[]> {
  const stored = await storedAccounts(new Date())
  const known = new Set(stored.map((account) => account.email))
  return [
    ...stored
      .filter((account) => !account.disabled && !account.invited)
      .map(({email, role, sites}) => ({email, sites: role === 'administrator' ? null : sites})),
    ...[...parseStaffAccounts(setting('ADMIN_USERS', env))]
      .filter(([email]) => !known.has(email))
      .map(([email, {sites}]) => ({email, sites})),
  ]
}

const administratorsOf = (members: StaffMember[]): string[] =>
  members.filter((member) => member.sites === null).map((member) => member.email)

/** The counsellors of a site or, when it has none, the administrators. */
function counsellorsOf(members: StaffMember[], site: string): string[] {
  const named = members.filter((member) => member.sites?.includes(site)).map(({email}) => email)
  return named.length > 0 ? named : administratorsOf(members)
}

/** The administrators' e-mails. */
export async function administrators(env: Env = process.env): Promise<string[]> {
  return administratorsOf(await staffMembers(env))
}

/**
 * The counsellors who take a site's new leads in turn: the accounts naming the site, or,
 * when none does, the administrators.
 */
export async function siteCounsellors(site: string, env: Env = process.env): Promise<string[]> {
  return counsellorsOf(await staffMembers(env), site)
}

/** Who may own a site's lead: its counsellors and every administrator. */
export async function siteStaff(site: string, env: Env = process.env): Promise<string[]> {
  const members = await staffMembers(env)
  return [...new Set([...counsellorsOf(members, site), ...administratorsOf(members)])]
}
