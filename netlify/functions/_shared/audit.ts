import type {Sql} from './database.ts'

/* The audit log of staff actions (netlify/database/migrations/0004_audit_log.sql). */

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

export interface AuditEntry {
  at: number
  /** The administrator's e-mail. */
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
