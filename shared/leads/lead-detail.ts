import type {OutboxText} from '../texts/outbox-list.ts'
import type {CallRecord} from './calls.ts'
import type {Lead, LeadStage, VisitChange} from './lead.ts'

export interface LeadNote {
  at: string
  author: string
  text: string
}

export interface StageChange {
  at: string
  actor: string
  from: LeadStage
  to: LeadStage
}

/** A change of the owner by hand; `from` is null for a lead nobody owned. */
export interface OwnerChange {
  at: string
  actor: string
  from: string | null
  to: string
}

/**
 * A lead as staff open it (`GET /api/admin/leads/:id`, and the answer of every change made
 * from its panel): the lead, its notes, stage, owner and visit changes, its calls and texts,
 * the same person's other registrations.
 */
export interface LeadDetail {
  lead: Lead
  notes: LeadNote[]
  stages: StageChange[]
  owners: OwnerChange[]
  visitChanges: VisitChange[]
  /** The calls staff recorded, oldest first. */
  calls: CallRecord[]
  texts: Omit<OutboxText, 'to'>[]
  /** The same person's other registrations (same phone and site, within 30 days), newest first. */
  related: Lead[]
}
