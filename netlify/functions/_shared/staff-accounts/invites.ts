import type {StaffLinkKind} from '#shared/auth/staff-accounts.ts'
import {tokenDigest} from '../auth/token-digest.ts'
import {sql} from '../database.ts'

/*
 * The one-time links of ./account-changes.ts as the person who got one uses them: what a link
 * opens, and setting the password through it. Spending a link is one statement: it marks the
 * link used only while it is open (neither used, withdrawn nor past its 24 hours) and its
 * account enabled, sets the password, ends the account's sign-ins (a new password closes
 * whatever the old one opened) and records the change; of two uses at once, one finds it used.
 */

/** Why a link opens nothing; the e-mail when the link was a real one. */
export type LinkRefusal = {
  ok: false
  reason: 'unknown' | 'used' | 'withdrawn' | 'expired' | 'disabled'
  email?: string
}

export type OpenedLink = {ok: true; email: string; kind: StaffLinkKind; expiresAt: Date}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** What `token`'s link opens at `now`, or why it opens nothing. */
export async function openLink(token: string, now: Date): Promise<OpenedLink | LinkRefusal> {
  if (!TOKEN_SHAPE.test(token)) return {ok: false, reason: 'unknown'}
  const [row] = await sql()<{
    email: string
    used: boolean
    withdrawn: boolean
    expires_at: Date
    disabled: boolean
    has_password: boolean
  }>`
    SELECT i.email, i.used_at IS NOT NULL AS used, i.revoked_at IS NOT NULL AS withdrawn,
      i.expires_at, a.disabled_at IS NOT NULL AS disabled, a.password_hash IS NOT NULL AS has_password
    FROM staff_invites i JOIN staff_accounts a ON a.email = i.email
    WHERE i.token_hash = ${tokenDigest(token)}`
  if (!row) return {ok: false, reason: 'unknown'}
  const {email} = row
  if (row.used) return {ok: false, reason: 'used', email}
  if (row.disabled) return {ok: false, reason: 'disabled', email}
  if (row.withdrawn) return {ok: false, reason: 'withdrawn', email}
  if (row.expires_at.getTime() <= now.getTime()) return {ok: false, reason: 'expired', email}
  return {ok: true, email, kind: row.has_password ? 'reset' : 'invite', expiresAt: row.expires_at}
}

/**
 * Sets the password of `token`'s account to `passwordHash` and spends the link: the e-mail,
 * or why not (nothing changed then).
 */
export async function setPasswordByLink(
  token: string,
  passwordHash: string,
  now: Date,
): Promise<{ok: true; email: string} | LinkRefusal> {
  if (!TOKEN_SHAPE.test(token)) return {ok: false, reason: 'unknown'}
  const [row] = await sql()<{email: string}>`
    WITH link AS (
      UPDATE staff_invites i SET used_at = ${now}
      FROM staff_accounts a
      WHERE i.token_hash = ${tokenDigest(token)} AND i.used_at IS NULL AND i.revoked_at IS NULL
        AND i.expires_at > ${now} AND a.email = i.email AND a.disabled_at IS NULL
      RETURNING i.email
    ), account AS (
      UPDATE staff_accounts a SET password_hash = ${passwordHash}, updated_at = ${now}
      FROM link WHERE a.email = link.email
    ), ended AS (
      UPDATE admin_sessions s SET revoked_at = ${now}, revoked_reason = 'password'
      FROM link WHERE s.email = link.email AND s.revoked_at IS NULL
    ), record AS (
      INSERT INTO staff_account_changes (at, actor, email, change, before, after)
      SELECT ${now}, email, email, 'password', NULL, NULL FROM link
    )
    SELECT email FROM link`
  if (row) return {ok: true, email: row.email}
  const opened = await openLink(token, now)
  // Open a moment ago and spent since: by a use at the same moment.
  return opened.ok ? {ok: false, reason: 'used', email: opened.email} : opened
}
