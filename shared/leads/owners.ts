/*
 * What the owner endpoints answer (netlify/functions/_shared/leads/owner-handlers.ts), for the
 * functions and the staff's screens alike.
 */

/** A new lead not contacted within this many of the model house's opening hours alerts. */
export const CONTACT_LIMIT_HOURS = 2

/** One of a site's staff as the owner picker lists them; `away`: marked 자리 비움. */
export interface OwnerChoice {
  email: string
  away: boolean
}

/** GET and PUT /api/admin/leads/:id/owner. */
export interface OwnerAnswer {
  ok: true
  /** The owner's e-mail; null: nobody yet. */
  owner: string | null
  choices: OwnerChoice[]
}

/** GET and PUT /api/admin/away. */
export interface AwayAnswer {
  ok: true
  away: boolean
}
