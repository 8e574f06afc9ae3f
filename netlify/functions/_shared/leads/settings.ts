import {readConfig} from '../../../../config/defaults.ts'

export interface LeadSettings {
  /** Unset: leads are kept with status not-configured and nothing is forwarded. */
  forwardUrl: string | undefined
  /** Registrations per visitor per 10 minutes; 0 switches the limit off. */
  rateLimit: number
  retentionDays: number
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10)
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
}

/** Read per request, so a changed environment takes effect without a restart. */
export function leadSettings(env: Record<string, string | undefined> = process.env): LeadSettings {
  return {
    forwardUrl: readConfig(env).formForwardUrl,
    // 0 is deliberate (e.g. one kiosk address, or a load test): no limit.
    rateLimit:
      env.REGISTER_RATE_LIMIT?.trim() === '0' ? 0 : positiveInt(env.REGISTER_RATE_LIMIT, 10),
    retentionDays: positiveInt(env.LEAD_RETENTION_DAYS, 365),
  }
}
