import type {LeadSource, LeadStage} from '#shared/leads/lead.ts'
import type {OutboxKind} from '#shared/texts/render.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import type {
  VisitorConsent,
  VisitorData,
  VisitorLead,
  VisitorText,
  VisitorVisit,
} from '#shared/visitor-data/contract.ts'
import {sql} from '../database.ts'
import {requestsOf} from './requests.ts'
import type {VisitorIdentity} from './session.ts'

/*
 * Everything kept about a number on a site, as its data page shows it: the registrations
 * (with their attribution, forwarding and the staff's stages, not the staff's notes, calls
 * or who made a change), visits and waiting-list entries, consents with their versions and
 * times, the texts sent, the refusal of adverts, and the number's requests.
 */

const iso = (date: Date | null): string | null => date?.toISOString() ?? null

interface LeadRow {
  id: string
  receipt: string
  created_at: Date
  source: LeadSource
  name: string
  phone: string
  message: string | null
  consent_version: string | null
  marketing_consent: boolean
  marketing_consent_version: string | null
  marketing_confirmed_at: Date | null
  stage: LeadStage
  attribution: Record<string, string>
  delivered_at: Date | null
  stages: {at: string; from: LeadStage | null; to: LeadStage}[]
  withdrawn_at: Date | null
}

interface VisitRow {
  receipt: string
  type: 'visit' | 'waitlist'
  starts_at: Date
  status: string
  at: Date
  changed_at: Date | null
  arrived_at: Date | null
  confirmed_at: Date | null
  no_show_at: Date | null
}

/** The number's data on its site; `siteName` is the site's name for the page's heading. */
export async function readVisitorData(
  identity: VisitorIdentity & {expiresAt: string},
  siteName: string,
): Promise<VisitorData> {
  const s = sql()
  const {site, phone} = identity
  const [leads, visits, texts, refusals, requests] = await Promise.all([
    s<LeadRow>`
      SELECT l.id, l.receipt, l.created_at, l.source, l.name, l.phone, l.message,
        l.consent_version, l.marketing_consent, l.marketing_consent_version,
        l.marketing_confirmed_at, l.stage, d.delivered_at,
        jsonb_strip_nulls(jsonb_build_object('utmSource', l.utm_source, 'utmMedium', l.utm_medium,
          'utmCampaign', l.utm_campaign, 'utmTerm', l.utm_term, 'utmContent', l.utm_content,
          'landingPath', l.landing_path, 'referrerHost', l.referrer_host)) AS attribution,
        coalesce((SELECT jsonb_agg(jsonb_build_object('at', a.at, 'from', a.detail->'from',
            'to', a.detail->'to') ORDER BY a.at, a.id)
          FROM audit_log a WHERE a.lead_id = l.id AND a.action = 'stage'), '[]') AS stages,
        (SELECT max(a.at) FROM audit_log a
          WHERE a.lead_id = l.id AND a.action = 'withdraw-consent') AS withdrawn_at
      FROM leads l LEFT JOIN lead_deliveries d ON d.lead_id = l.id
      WHERE l.site = ${site} AND l.phone = ${phone}
      ORDER BY l.created_at DESC, l.id`,
    s<VisitRow>`
      SELECT l.receipt, 'visit' AS type, v.starts_at, v.status, v.booked_at AS at,
        CASE WHEN v.revision > 1 THEN v.changed_at END AS changed_at, v.arrived_at,
        v.confirmed_at, v.no_show_at
      FROM visits v JOIN leads l ON l.id = v.lead_id
      WHERE l.site = ${site} AND l.phone = ${phone}
      UNION ALL
      SELECT l.receipt, 'waitlist', w.starts_at, w.status, w.joined_at,
        coalesce(w.claimed_at, w.offered_at), NULL, NULL, NULL
      FROM waitlist_entries w JOIN leads l ON l.id = w.lead_id
      WHERE l.site = ${site} AND l.phone = ${phone}
      ORDER BY starts_at DESC`,
    s<{created_at: Date; kind: OutboxKind; status: string; body: string}>`
      SELECT t.created_at, t.kind, t.status, t.body
      FROM text_messages t JOIN leads l ON l.id = t.lead_id
      WHERE l.site = ${site} AND l.phone = ${phone} AND t.kind <> 'staff-alert'
      ORDER BY t.created_at DESC, t.id`,
    s<{created_at: Date; source: string}>`
      SELECT created_at, source FROM text_refusals WHERE phone = ${phone}`,
    requestsOf(identity),
  ])
  return {
    ok: true,
    site,
    siteName,
    phone,
    leads: leads.map((row): VisitorLead => ({
      receipt: row.receipt,
      createdAt: row.created_at.toISOString(),
      source: row.source,
      name: row.name,
      phone: row.phone,
      message: row.message,
      attribution: row.attribution,
      stage: row.stage,
      stages: row.stages.map((change) => ({
        at: new Date(change.at).toISOString(),
        from: change.from,
        to: change.to,
      })),
      forwardedAt: iso(row.delivered_at),
    })),
    visits: visits.map((row): VisitorVisit => ({
      receipt: row.receipt,
      type: row.type,
      start: writeVisitAt(row.starts_at.getTime()),
      status: row.status,
      at: row.at.toISOString(),
      changedAt: iso(row.changed_at),
      arrivedAt: iso(row.arrived_at),
      confirmedAt: iso(row.confirmed_at),
      noShowAt: iso(row.no_show_at),
    })),
    texts: texts.map((row): VisitorText => ({
      at: row.created_at.toISOString(),
      kind: row.kind,
      status: row.status,
      text: row.body,
    })),
    consents: leads.flatMap((row): VisitorConsent[] => [
      {
        receipt: row.receipt,
        kind: 'privacy',
        given: true,
        version: row.consent_version,
        at: row.created_at.toISOString(),
        confirmedAt: null,
        withdrawnAt: null,
      },
      {
        receipt: row.receipt,
        kind: 'marketing',
        // The version is kept only for a ticked box: a withdrawn consent was given.
        given: row.marketing_consent || row.marketing_consent_version !== null,
        version: row.marketing_consent_version,
        at: row.created_at.toISOString(),
        confirmedAt: iso(row.marketing_confirmed_at),
        withdrawnAt:
          row.marketing_consent || !row.marketing_consent_version ? null : iso(row.withdrawn_at),
      },
    ]),
    refusal: refusals[0]
      ? {at: refusals[0].created_at.toISOString(), source: refusals[0].source}
      : null,
    requests,
    expiresAt: identity.expiresAt,
  }
}
