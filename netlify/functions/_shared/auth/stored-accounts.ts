import type {StaffRole} from '#shared/auth/staff-accounts.ts'
import {sql} from '../database.ts'

/*
 * Staff accounts as the database keeps them (migration 0028): the reads of the sign-in, of the
 * turns of new leads and of 직원 관리, and the bootstrap's first sign-in. The changes an
 * administrator makes are in ../staff-accounts/account-changes.ts, the links in
 * ../staff-accounts/invites.ts.
 */

export interface StoredAccount {
  email: string
  role: StaffRole
  /** A counsellor's sites; empty for an administrator. */
  sites: string[]
  disabled: boolean
  /** Invited, and no password set yet. */
  invited: boolean
  /** An authenticator app or a passkey enrolled. */
  secondFactor: boolean
  /** The end of the account's open link (invite or new password), if it has one. */
  linkExpiresAt: Date | null
}

/** Every account, oldest first (the order in which counsellors take turns). */
export async function storedAccounts(now: Date): Promise<StoredAccount[]> {
  const rows = await sql()<{
    email: string
    role: StaffRole
    sites: string[]
    disabled: boolean
    invited: boolean
    second_factor: boolean
    link_expires_at: Date | null
  }>`
    SELECT a.email, a.role, a.sites, a.disabled_at IS NOT NULL AS disabled,
      a.password_hash IS NULL AS invited,
      EXISTS (SELECT 1 FROM staff_totp t WHERE t.email = a.email AND t.sealed_secret IS NOT NULL)
        OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.email = a.email) AS second_factor,
      (SELECT i.expires_at FROM staff_invites i
        WHERE i.email = a.email AND i.used_at IS NULL AND i.revoked_at IS NULL
          AND i.expires_at > ${now}) AS link_expires_at
    FROM staff_accounts a ORDER BY a.created_at, a.email`
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    sites: row.sites,
    disabled: row.disabled,
    invited: row.invited,
    secondFactor: row.second_factor,
    linkExpiresAt: row.link_expires_at,
  }))
}

/**
 * The password hash `email` signs in with: undefined when there is no such account, null when
 * the account cannot sign in (disabled, or invited and without a password yet).
 */
export async function storedPasswordHash(email: string): Promise<string | null | undefined> {
  const [row] = await sql()<{hash: string | null}>`
    SELECT CASE WHEN disabled_at IS NULL THEN password_hash END AS hash
    FROM staff_accounts WHERE email = ${email}`
  return row ? row.hash : undefined
}

/** Who is recorded as granting the accounts that ADMIN_USERS brings. */
export const BOOTSTRAP_ACTOR = 'ADMIN_USERS'

/**
 * Makes the ADMIN_USERS entry of `email` an account, with its password and access, at its
 * first sign-in, and records the grant; from then on the database decides. A second sign-in
 * at the same moment finds the account made and changes nothing.
 */
export async function adoptBootstrap(
  email: string,
  entry: {hash: string; sites: string[] | null},
  now: Date,
): Promise<void> {
  const role: StaffRole = entry.sites ? 'counsellor' : 'administrator'
  const sites = entry.sites ?? []
  await sql()`
    WITH account AS (
      INSERT INTO staff_accounts (email, role, sites, password_hash, created_at, updated_at)
      VALUES (${email}, ${role}, ${sites}::text[], ${entry.hash}, ${now}, ${now})
      ON CONFLICT (email) DO NOTHING
      RETURNING email, role, sites
    )
    INSERT INTO staff_account_changes (at, actor, email, change, before, after)
    SELECT ${now}, ${BOOTSTRAP_ACTOR}, email, 'bootstrap', NULL,
      jsonb_build_object('role', role, 'sites', to_jsonb(sites))
    FROM account`
}
