import type {OutboxKind} from './render.ts'

/** Where a text of the outbox stands. */
export type OutboxStatus =
  'queued' | 'sent' | 'kept' | 'failed' | 'refused' | 'skipped' | 'cancelled'

/** One text of the outbox as staff see it (`GET /api/admin/messages`, a lead's texts). */
export interface OutboxText {
  to: string
  kind: OutboxKind
  text: string
  status: OutboxStatus
  /** Why it was not sent (refused, cancelled, failed, a number's daily budget), in Korean; null otherwise. */
  reason: string | null
  createdAt: string
}
