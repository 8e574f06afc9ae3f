/*
 * The answer of `GET /api/admin/health` (administrators), which the 운영 상태 view shows and
 * the deploy's smoke test reads: the scheduled jobs, the texts, the forwarding of leads, the
 * database and the open incidents, each section with the time it was read (ISO 8601).
 */

export interface JobHealth {
  /** The scheduled function's name (`send-texts`). */
  name: string
  /** What it does, in Korean. */
  label: string
  /** Its cron schedule, in UTC as Netlify reads it. */
  schedule: string
  /** The schedule in Korean words (`매분`, `매일 04:00`). */
  every: string
  /** When its last run started (null: no run recorded yet). */
  lastRunAt: string | null
  lastDurationMs: number | null
  /** What the last run did, in a line. */
  did: string | null
  /** Whether the last run answered without an error (null: no run recorded). */
  lastOk: boolean | null
  /** No run started within its interval plus 10 minutes. */
  late: boolean
  readAt: string
}

export interface TextCounts {
  /** Waiting to be sent now: new, or failed and due again. */
  queued: number
  /** Accepted by the provider in the last 24 hours. */
  sent: number
  /** Kept unsent by the local provider in the last 24 hours (never in production). */
  kept: number
  /** Whose last attempt in the last 24 hours failed or was refused by the provider. */
  failed: number
}

export interface TextsHealth extends TextCounts {
  /** The provider's latest error in Korean words, and as the provider gave it. */
  lastError: {words: string; raw: string; at: string} | null
  readAt: string
}

export interface ForwardingCounts {
  /** Leads not yet delivered to the form-collection service. */
  waiting: number
  /** When the oldest of them was stored (null: none waits). */
  oldestAt: string | null
}

export interface ForwardingHealth extends ForwardingCounts {
  /** Whether a forwarding address is set (without one, leads wait as not configured). */
  configured: boolean
  /** Of the waiting, those whose last attempt failed. */
  failing: number
  lastError: {words: string; at: string} | null
  readAt: string
}

export interface SiteHealth {
  site: string
  texts: TextCounts
  forwarding: ForwardingCounts
  leads: number
}

export interface DatabaseHealth {
  /** pg_database_size of the database. */
  sizeBytes: number
  /** Rows of the access record (접속기록). */
  accessRecords: number
  leads: number
  readAt: string
}

export const INCIDENT_KINDS = ['texts', 'job', 'forwarding'] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]

export interface OpenIncident {
  kind: IncidentKind
  /** The job's name for a late job; empty otherwise. */
  subject: string
  openedAt: string
  /** What was wrong when it opened, in Korean. */
  detail: string
  /** How the administrators were told, in Korean (`문자 2건`, `전자우편`). */
  told: string
}

/** The editors' publishes and the builds they start. */
export interface PublishingHealth {
  lastPublishAt: string | null
  lastBuildAt: string | null
  /** A production build runs now (Netlify announced it and its end has not come). */
  building: boolean
  /** Publishes wait for one more build once the running one ends. */
  followUpPending: boolean
  /** When these were read. */
  readAt: string
}

export interface Health {
  ok: true
  readAt: string
  jobs: JobHealth[]
  texts: TextsHealth
  forwarding: ForwardingHealth
  sites: SiteHealth[]
  database: DatabaseHealth
  incidents: OpenIncident[]
  /** Null when the publishes' state could not be read. */
  publishing: PublishingHealth | null
}

/** The banner's answer (`GET /api/admin/incidents`): what is wrong now. */
export interface Incidents {
  ok: true
  incidents: OpenIncident[]
  readAt: string
}
