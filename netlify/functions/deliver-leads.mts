import type {Config} from '@netlify/functions'
import {json} from './_shared/http.ts'
import {deleteExpiredLeads} from './_shared/leads/retention.ts'
import {retryDueDeliveries} from './_shared/leads/retry.ts'
import {leadSettings} from './_shared/leads/settings.ts'

/**
 * The outbox job: retries due deliveries with backoff, then deletes leads past
 * LEAD_RETENTION_DAYS. Netlify runs it every 5 minutes; locally `npm start` POSTs to
 * /.netlify/functions/deliver-leads every RETRY_INTERVAL_S seconds.
 */
export default async (_req: Request) => {
  const settings = leadSettings()
  const now = Date.now()
  const delivery = await retryDueDeliveries({url: settings.forwardUrl})
  const deleted = await deleteExpiredLeads({now, retentionDays: settings.retentionDays})
  if (delivery.due > 0 || delivery.unscanned > 0 || deleted > 0) {
    console.log(
      `deliver-leads: ${delivery.due} due, ${delivery.delivered} delivered, ${delivery.failed} not delivered, ${delivery.unscanned} left unread, ${deleted} expired leads deleted`,
    )
  }
  return json({ok: true, delivery, deleted})
}

export const config: Config = {schedule: '*/5 * * * *'}
