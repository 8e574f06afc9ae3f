import {readConfig, setting, type Env} from '#config/settings.ts'
import {isOffProduction} from './deploy-context.ts'

/** How a new lead's delivery starts: sent, waiting for a FORM_FORWARD_URL, or held on a preview. */
export type ForwardingMode = 'forward' | 'not-configured' | 'preview-held'

export interface LeadSettings {
  /**
   * Unset: nothing is forwarded, because FORM_FORWARD_URL is unset (new leads wait as
   * not-configured) or because this is a deploy preview or branch deploy, whose database
   * is a copy of production's (new leads are preview-held, copied rows wait untouched).
   */
  forwardUrl: string | undefined
  forwarding: ForwardingMode
  /**
   * Registrations per visitor address per 10 minutes; 0 switches the limit off. A ceiling
   * for a flood, not a limit on people: one carrier address or the model house's Wi-Fi is
   * shared by many visitors.
   */
  rateLimit: number
  /**
   * Registrations of one phone number per site per day that are texted; past it a
   * registration is still stored and forwarded, without a text. 0 switches the limit off.
   */
  phoneDailyLimit: number
  retentionDays: number
}

/** Read per request, so a changed environment takes effect without a restart. */
export function leadSettings(env: Env = process.env): LeadSettings {
  const held = isOffProduction(env)
  const forwardUrl = held ? undefined : readConfig(env).formForwardUrl
  return {
    forwardUrl,
    forwarding: held ? 'preview-held' : forwardUrl ? 'forward' : 'not-configured',
    rateLimit: setting('REGISTER_RATE_LIMIT', env),
    phoneDailyLimit: setting('REGISTER_PHONE_DAILY_LIMIT', env),
    retentionDays: setting('LEAD_RETENTION_DAYS', env),
  }
}
