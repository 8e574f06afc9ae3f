import {sql, type Sql} from './database.ts'

/*
 * The audit log of staff actions, of refused staff attempts and of the visitor's changes
 * through their link (netlify/database/migrations/0004_audit_log.sql, 0018_audit_access.sql,
 * 0021_visit_arrival.sql, 0029_second_factors.sql).
 */

export type AuditAction =
  | 'sign-in'
  | 'list'
  | 'export'
  | 'resend'
  | 'delete'
  | 'withdraw-consent'
  | 'refuse-texts'
  | 'stage'
  | 'note'
  | 'refused'
  | 'sign-out'
  | 'refresh'
  | 'visit-cancel'
  | 'visit-move'
  | 'check-in'
  | 'walk-in'
  | 'visit-book'
  | 'owner'
  | 'call'
  | 'waitlist-join'
  | 'waitlist-offer'
  | 'waitlist-claim'
  | 'no-show'
  | 'visit-confirm'
  | 'second-factor'

/** Who acts through a visitor's own link (there is no account behind it). */
export const VISITOR_LINK_ACTOR = 'visitor-link'
export {NO_SHOW_JOB_ACTOR} from '#shared/leads/lead.ts'
/** The actor of a refused attempt that names no account. */
export const UNKNOWN_ACTOR = 'unknown'

export interface AuditEntry {
  at: number
  /** The staff member's e-mail (as typed, for a refused sign-in), or one of the actors above. */
  actor: string
  action: AuditAction
  /** The staff member's address, hashed as every visitor's is. */
  visitor?: string
  /** The lead acted on (resend, delete, stage, note). */
  leadId?: string
  detail?: Record<string, unknown>
}

/**
 * `INSERT INTO audit_log … SELECT …` of one entry, to run as a part of the statement
 * that does the action, so the action and its entry are written together or not at all.
 * The caller may add a `FROM` and a `WHERE` (say, that the lead was found); `more` is a
 * jsonb expression over that `FROM` added to the detail (say, the stage before a change).
 */
export function auditInsert(
  s: Sql,
  {at, actor, action, visitor, leadId, detail = {}}: AuditEntry,
  more?: ReturnType<Sql>,
) {
  return s`INSERT INTO audit_log (at, actor, action, lead_id, detail, visitor)
    SELECT ${new Date(at)}::timestamptz, ${actor}::text, ${action}::text, ${leadId ?? null}::uuid,
      ${JSON.stringify(detail)}::jsonb${more ? s` || ${more}` : s``}, ${visitor ?? null}::text`
}

/**
 * Writes an entry on its own, for what is done already or changes nothing (a refusal, a
 * sign-out, a refresh). A failure to write is logged rather than answered: the answer
 * stands either way, and a refresh already spent its token.
 */
export async function auditAside(entry: AuditEntry): Promise<void> {
  try {
    const s = sql()
    await s`${auditInsert(s, entry)}`
  } catch (error) {
    console.error(`audit log: a ${entry.action} entry was not written`, error)
  }
}
