/*
 * What the staff-account endpoints answer (netlify/functions/_shared/staff-accounts/), for the
 * functions and the workspace's 직원 관리 alike.
 */

export const STAFF_ROLES = ['administrator', 'counsellor'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const ROLE_LABELS: Record<StaffRole, string> = {
  administrator: '관리자',
  counsellor: '상담 직원',
}

/** A one-time link to set a password lasts this long. */
export const INVITE_TTL_HOURS = 24

/** One account as GET /api/admin/staff lists it. */
export interface StaffAccountItem {
  email: string
  role: StaffRole
  /** The sites a counsellor sees; empty for an administrator (every site). */
  sites: string[]
  disabled: boolean
  /** Whether the account has a second factor. */
  secondFactor: boolean
  /** Invited and no password set yet. */
  invited: boolean
  /** The end of the account's open link (invite or new password), if it has one. */
  linkExpiresAt: string | null
  /** `ADMIN_USERS`: an entry that becomes an account at its first sign-in. */
  bootstrap: boolean
}

/** GET /api/admin/staff. */
export interface StaffListAnswer {
  ok: true
  items: StaffAccountItem[]
}

/**
 * A link made for an account (POST /api/admin/staff, POST /api/admin/staff/:email/link): the
 * page puts its own origin before `path`. It is shown once: only its digest is stored.
 */
export interface StaffLinkAnswer {
  ok: true
  email: string
  path: string
  expiresAt: string
  /** `invite`: the account has no password yet; `reset`: the link replaces it. */
  kind: StaffLinkKind
}

export type StaffLinkKind = 'invite' | 'reset'

export type StaffChangeKind =
  'invite' | 'bootstrap' | 'access' | 'disable' | 'enable' | 'link' | 'password'

/** What an account allowed before or after a change. */
export interface StaffAccess {
  role: StaffRole
  sites: string[]
}

/** One row of the record of grants, changes and removals. */
export interface StaffChange {
  at: string
  actor: string
  email: string
  change: StaffChangeKind
  before: StaffAccess | null
  after: StaffAccess | null
}

/** GET /api/admin/staff-changes. */
export interface StaffChangesAnswer {
  ok: true
  items: StaffChange[]
}

/** POST /api/invite: what the link opens. */
export interface InviteAnswer {
  ok: true
  email: string
  kind: StaffLinkKind
  expiresAt: string
}

/** Where an invite's link leads: the token travels in the fragment, which no server sees. */
export const INVITE_PAGE_PATH = '/admin/invite'
