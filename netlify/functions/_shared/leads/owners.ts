import type {Env} from '#config/settings.ts'
import {normalizeEmail, siteCounsellors, siteStaff} from '../auth/admin-users.ts'
import {auditInsert, type AuditEntry} from '../audit.ts'
import {sql} from '../database.ts'
import type {OwnerChoice} from '#shared/leads/owners.ts'

/*
 * Every lead has an owner (migration 0025): the staff member who works it. A new lead takes
 * the next turn of its site's counsellors, skipping those marked away; a returning number
 * keeps its owner. Staff change an owner by hand, audited.
 */

/**
 * Gives the lead `leadId` an owner if it has none and is not spam, in ONE statement: the
 * owner of the number's latest earlier lead on the site while that person is still one of
 * `counsellors`; otherwise the counsellor (in `counsellors`' order, those marked away left
 * out) whose turn the site's counter hands out. The counter's upsert holds its row lock
 * until the statement commits and reads the latest count, so concurrent registrations
 * take consecutive turns and never the same one. Answers the owner, or null (none
 * available, spam, or owned already).
 */
export async function assignOwner(leadId: string, counsellors: readonly string[]) {
  if (counsellors.length === 0) return null
  const s = sql()
  const rows = await s<{owner: string}>`
    WITH lead AS (
      SELECT id, site, phone, created_at FROM leads
      WHERE id = ${leadId}::uuid AND owner IS NULL AND spam_reason IS NULL
    ), kept AS (
      SELECT o.owner FROM leads o JOIN lead ON o.site = lead.site AND o.phone = lead.phone
      WHERE o.id <> lead.id AND o.owner = ANY(${counsellors as string[]}::text[])
      ORDER BY o.created_at DESC, o.id DESC LIMIT 1
    ), available AS (
      SELECT c.email, row_number() OVER (ORDER BY c.n) AS place, count(*) OVER () AS size
      FROM unnest(${counsellors as string[]}::text[]) WITH ORDINALITY AS c(email, n)
      WHERE NOT EXISTS (SELECT 1 FROM staff_away a WHERE a.email = c.email)
    ), turn AS (
      INSERT INTO lead_owner_turns AS t (site, turns)
      SELECT site, 1 FROM lead
      WHERE NOT EXISTS (SELECT 1 FROM kept) AND EXISTS (SELECT 1 FROM available)
      ON CONFLICT (site) DO UPDATE SET turns = t.turns + 1
      RETURNING turns
    ), chosen AS (
      SELECT coalesce((SELECT owner FROM kept), (
        SELECT a.email FROM available a, turn WHERE a.place = (turn.turns - 1) % a.size + 1
      )) AS owner
    )
    UPDATE leads l SET owner = chosen.owner FROM lead, chosen
    WHERE l.id = lead.id AND chosen.owner IS NOT NULL
    RETURNING l.owner`
  return rows[0]?.owner ?? null
}

/**
 * Assigns a new lead of `site` among its counsellors (staff accounts). A failure leaves the
 * lead without an owner and is logged: the registration stands, and staff see it unowned.
 */
export async function assignNewLead(
  lead: {id: string; site: string},
  env: Env = process.env,
): Promise<string | null> {
  try {
    return await assignOwner(lead.id, await siteCounsellors(lead.site, env))
  } catch (error) {
    console.error('owners: the new lead could not be assigned', error)
    return null
  }
}

/** Marks `email` away (skipped by the turns) or back. */
export async function setAway(email: string, away: boolean, now: number): Promise<void> {
  const s = sql()
  const who = normalizeEmail(email)
  if (away)
    await s`INSERT INTO staff_away (email, since) VALUES (${who}, ${new Date(now)})
      ON CONFLICT (email) DO NOTHING`
  else await s`DELETE FROM staff_away WHERE email = ${who}`
}

/** Those of `emails` marked away. */
export async function awayAmong(emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const rows = await sql()<{email: string}>`
    SELECT email FROM staff_away WHERE email = ANY(${emails as string[]}::text[])`
  return new Set(rows.map((row) => row.email))
}

export async function ownerChoices(site: string, env: Env = process.env): Promise<OwnerChoice[]> {
  const staff = await siteStaff(site, env)
  const away = await awayAmong(staff)
  return staff.map((email) => ({email, away: away.has(email)}))
}

export type OwnerChange = 'changed' | 'unchanged' | 'not-found'

/**
 * Makes `owner` the owner of the lead `id` if its site is one of `sites` (null: any), in one
 * statement with the audit entry ('owner', from and to). The caller checks that `owner` is
 * one of the lead's site's staff.
 */
export async function changeOwner(
  id: string,
  sites: string[] | null,
  owner: string,
  audit: Omit<AuditEntry, 'action' | 'leadId'>,
): Promise<OwnerChange> {
  const s = sql()
  const rows = await s<{found: boolean; changed: boolean}>`
    WITH target AS (
      SELECT id, owner FROM leads
      WHERE id = ${id}::uuid AND (${sites}::text[] IS NULL OR site = ANY(${sites}::text[]))
      FOR UPDATE
    ), changed AS (
      UPDATE leads l SET owner = ${owner} FROM target t
      WHERE l.id = t.id AND t.owner IS DISTINCT FROM ${owner}
      RETURNING t.owner AS before, l.owner AS after
    ), audit AS (
      ${auditInsert(
        s,
        {...audit, leadId: id, action: 'owner'},
        s`jsonb_build_object('from', before, 'to', after)`,
      )}
      FROM changed
    )
    SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM changed) AS changed`
  const row = rows[0]
  return !row?.found ? 'not-found' : row.changed ? 'changed' : 'unchanged'
}
