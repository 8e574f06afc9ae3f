import type {
  StaffAccess,
  StaffChange,
  StaffChangeKind,
  StaffLinkKind,
} from '#shared/auth/staff-accounts.ts'
import {INVITE_TTL_HOURS} from '#shared/auth/staff-accounts.ts'
import {newToken, tokenDigest} from '../auth/token-digest.ts'
import {isSqlState, sql, UNIQUE_VIOLATION, type Sql} from '../database.ts'

/*
 * What administrators change in 직원 관리, each in ONE statement that also writes the change
 * record (staff_account_changes: who, whom, access before and after, when).
 *
 * Every statement first locks the rows of the administrator who asks and of the account
 * changed, in the e-mails' order, and goes on only while the one who asks is still an enabled
 * administrator. So an administrator disabled while their request is under way changes
 * nothing, and two administrators who disable each other at the same moment cannot both
 * succeed: the second statement waits for the first's lock and then sees itself disabled.
 */

/** Why a change did not happen. */
export type ChangeRefusal =
  | 'not-found'
  | 'not-administrator'
  /** A link for a disabled account. */
  | 'disabled'
  /** Another administrator made a link for the account at the same moment. */
  | 'conflict'

export type ChangeOutcome = 'changed' | 'unchanged' | ChangeRefusal

/** What a statement that makes a link did: the link, or why there is none. */
export type LinkOutcome = {outcome: 'changed'; link: IssuedLink} | {outcome: ChangeRefusal}

export interface IssuedLink {
  token: string
  expiresAt: Date
  kind: StaffLinkKind
}

const INVITE_TTL_MS = INVITE_TTL_HOURS * 60 * 60 * 1000

const accessJson = (s: Sql, role: ReturnType<Sql>, sites: ReturnType<Sql>) =>
  s`jsonb_build_object('role', ${role}, 'sites', to_jsonb(${sites}))`

/** The rows of `actor` and `email`, locked in order, and whether `actor` may change accounts. */
const lockedPair = (s: Sql, actor: string, email: string) => s`
  locked AS (
    SELECT email, role, sites, disabled_at, password_hash IS NOT NULL AS has_password
    FROM staff_accounts WHERE email = ANY(${[actor, email]}::text[])
    ORDER BY email FOR UPDATE
  ), administrator AS (
    SELECT 1 FROM locked WHERE email = ${actor} AND role = 'administrator' AND disabled_at IS NULL
  ), target AS (
    SELECT * FROM locked WHERE email = ${email} AND EXISTS (SELECT 1 FROM administrator)
  )`

function outcome(
  row: {administrator: boolean; found: boolean; changed: boolean} | undefined,
): ChangeOutcome {
  if (!row?.administrator) return 'not-administrator'
  if (!row.found) return 'not-found'
  return row.changed ? 'changed' : 'unchanged'
}

/**
 * Invites `email` with the access given: the account (without a password) and its one-time
 * link, made by one statement. An e-mail that is an account already (or becomes one at the
 * same moment) gets nothing: 'unchanged'.
 */
export async function inviteAccount(
  actor: string,
  {email, role, sites}: {email: string} & StaffAccess,
  now: Date,
): Promise<LinkOutcome | {outcome: 'unchanged'}> {
  const s = sql()
  const token = newToken()
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS)
  const [row] = await s<{administrator: boolean; changed: boolean}>`
    WITH administrator AS (
      SELECT email FROM staff_accounts
      WHERE email = ${actor} AND role = 'administrator' AND disabled_at IS NULL
      FOR SHARE
    ), account AS (
      INSERT INTO staff_accounts (email, role, sites, created_at, updated_at)
      SELECT ${email}, ${role}, ${sites}::text[], ${now}, ${now} FROM administrator
      ON CONFLICT (email) DO NOTHING
      RETURNING email, role, sites
    ), link AS (
      INSERT INTO staff_invites (token_hash, email, created_by, created_at, expires_at)
      SELECT ${tokenDigest(token)}, email, ${actor}, ${now}, ${expiresAt} FROM account
    ), record AS (
      INSERT INTO staff_account_changes (at, actor, email, change, before, after)
      SELECT ${now}, ${actor}, email, 'invite', NULL, ${accessJson(s, s`role`, s`sites`)}
      FROM account
    )
    SELECT EXISTS (SELECT 1 FROM administrator) AS administrator,
      EXISTS (SELECT 1 FROM account) AS changed`
  if (!row?.administrator) return {outcome: 'not-administrator'}
  if (!row.changed) return {outcome: 'unchanged'}
  return {outcome: 'changed', link: {token, expiresAt, kind: 'invite'}}
}

/** Gives `email` the access given; 'unchanged' when it has it already. */
export async function changeAccess(
  actor: string,
  {email, role, sites}: {email: string} & StaffAccess,
  now: Date,
): Promise<ChangeOutcome> {
  const s = sql()
  const [row] = await s<{administrator: boolean; found: boolean; changed: boolean}>`
    WITH ${lockedPair(s, actor, email)}, changed AS (
      UPDATE staff_accounts a SET role = ${role}, sites = ${sites}::text[], updated_at = ${now}
      FROM target
      WHERE a.email = target.email
        AND (target.role <> ${role} OR target.sites <> ${sites}::text[])
      RETURNING target.role AS before_role, target.sites AS before_sites, a.role, a.sites
    ), record AS (
      INSERT INTO staff_account_changes (at, actor, email, change, before, after)
      SELECT ${now}, ${actor}, ${email}, 'access',
        ${accessJson(s, s`before_role`, s`before_sites`)}, ${accessJson(s, s`role`, s`sites`)}
      FROM changed
    )
    SELECT EXISTS (SELECT 1 FROM administrator) AS administrator,
      EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM changed) AS changed`
  return outcome(row)
}

/**
 * Disables `email` (every sign-in of it and its open link end in the same statement) or
 * enables it again (it signs in anew with its password).
 */
export async function setDisabled(
  actor: string,
  email: string,
  disabled: boolean,
  now: Date,
): Promise<ChangeOutcome> {
  const s = sql()
  const [row] = await s<{administrator: boolean; found: boolean; changed: boolean}>`
    WITH ${lockedPair(s, actor, email)}, changed AS (
      UPDATE staff_accounts a
      SET disabled_at = ${disabled ? now : null}::timestamptz, updated_at = ${now}
      FROM target
      WHERE a.email = target.email AND (target.disabled_at IS NULL) = ${disabled}
      RETURNING a.email, a.role, a.sites
    ), ended AS (
      UPDATE admin_sessions s SET revoked_at = ${now}, revoked_reason = 'disabled'
      FROM changed
      WHERE ${disabled} AND s.email = changed.email AND s.revoked_at IS NULL
    ), withdrawn AS (
      UPDATE staff_invites i SET revoked_at = ${now}
      FROM changed
      WHERE ${disabled} AND i.email = changed.email AND i.used_at IS NULL AND i.revoked_at IS NULL
    ), record AS (
      INSERT INTO staff_account_changes (at, actor, email, change, before, after)
      SELECT ${now}, ${actor}, email, ${disabled ? 'disable' : 'enable'},
        ${disabled ? accessJson(s, s`role`, s`sites`) : s`NULL`},
        ${disabled ? s`NULL` : accessJson(s, s`role`, s`sites`)}
      FROM changed
    )
    SELECT EXISTS (SELECT 1 FROM administrator) AS administrator,
      EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM changed) AS changed`
  return outcome(row)
}

/**
 * A new one-time link for `email`: to set the first password of an invited account, or a new
 * one. It withdraws the account's open link; two made at the same moment leave one open (the
 * unique index of open links refuses the second: 'conflict').
 */
export async function newLink(actor: string, email: string, now: Date): Promise<LinkOutcome> {
  const s = sql()
  const token = newToken()
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS)
  let rows: {administrator: boolean; found: boolean; disabled: boolean; invited: boolean}[]
  try {
    rows = await s<{administrator: boolean; found: boolean; disabled: boolean; invited: boolean}>`
      WITH ${lockedPair(s, actor, email)}, open AS (
        SELECT email, has_password FROM target WHERE disabled_at IS NULL
      ), withdrawn AS (
        UPDATE staff_invites i SET revoked_at = ${now}
        FROM open
        WHERE i.email = open.email AND i.used_at IS NULL AND i.revoked_at IS NULL
        RETURNING i.email
      ), link AS (
        -- Reading the count makes the old link withdrawn before the new one is written: the
        -- parts of a statement otherwise run in no set order.
        INSERT INTO staff_invites (token_hash, email, created_by, created_at, expires_at)
        SELECT ${tokenDigest(token)}, email, ${actor}, ${now}, ${expiresAt}
        FROM open, (SELECT count(*) FROM withdrawn) AS done
      ), record AS (
        INSERT INTO staff_account_changes (at, actor, email, change, before, after)
        SELECT ${now}, ${actor}, email, 'link', NULL, NULL FROM open
      )
      SELECT EXISTS (SELECT 1 FROM administrator) AS administrator,
        EXISTS (SELECT 1 FROM target) AS found,
        EXISTS (SELECT 1 FROM target WHERE disabled_at IS NOT NULL) AS disabled,
        EXISTS (SELECT 1 FROM open WHERE NOT has_password) AS invited`
  } catch (error) {
    if (isSqlState(error, UNIQUE_VIOLATION)) return {outcome: 'conflict'}
    throw error
  }
  const [row] = rows
  if (!row?.administrator) return {outcome: 'not-administrator'}
  if (!row.found) return {outcome: 'not-found'}
  if (row.disabled) return {outcome: 'disabled'}
  return {outcome: 'changed', link: {token, expiresAt, kind: row.invited ? 'invite' : 'reset'}}
}

/** The latest `limit` rows of the change record, newest first. */
export async function latestChanges(limit: number): Promise<StaffChange[]> {
  const rows = await sql()<{
    at: Date
    actor: string
    email: string
    change: StaffChangeKind
    before: StaffAccess | null
    after: StaffAccess | null
  }>`
    SELECT at, actor, email, change, before, after FROM staff_account_changes
    ORDER BY at DESC, id DESC LIMIT ${limit}`
  return rows.map((row) => ({...row, at: row.at.toISOString()}))
}
