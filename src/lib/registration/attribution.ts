import {useEffect} from 'react'
import type {Attribution} from '#shared/leads/lead.ts'

/*
 * Where a visit came from, for the staff to tell which advertisement brought which lead:
 * the UTM parameters and the path of the visit's first page, and the host of the page
 * that linked to it. Kept for the visit (the tab) in sessionStorage, no cookie; sent with
 * a registration and nowhere else.
 */

const STORAGE_KEY = 'visit-attribution'
const UTM_PARAMETERS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const

/** The attribution of a first page at `url`, linked from `referrer` (empty for none). */
export function attributionOf(url: URL, referrer: string): Attribution {
  const attribution: Attribution = {landingPath: url.pathname}
  for (const [parameter, field] of Object.entries(UTM_PARAMETERS)) {
    const value = url.searchParams.get(parameter)?.trim()
    if (value) attribution[field] = value
  }
  try {
    const host = referrer ? new URL(referrer).host : ''
    // A link from the site itself says nothing of where the visit came from.
    if (host && host !== url.host) attribution.referrerHost = host
  } catch {
    // Not an address: no referrer.
  }
  return attribution
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    // Storage switched off: the visit is not attributed.
    return null
  }
}

/**
 * Keeps the first page's attribution for the rest of the visit (later pages keep the first one).
 */
export function rememberVisitAttribution(): void {
  const store = storage()
  try {
    if (!store || store.getItem(STORAGE_KEY) !== null) return
    store.setItem(
      STORAGE_KEY,
      JSON.stringify(attributionOf(new URL(window.location.href), document.referrer)),
    )
  } catch {
    // A full storage: the visit is not attributed.
  }
}

/** The attribution of this visit, as a registration sends it (empty when none is known). */
export function visitAttribution(): Attribution {
  try {
    const value = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}') as unknown
    if (typeof value !== 'object' || value === null) return {}
    return Object.fromEntries(
      Object.entries(value).filter(([, text]) => typeof text === 'string'),
    ) as Attribution
  } catch {
    return {}
  }
}

/** Remembers the attribution once the first page of a visit runs its scripts. */
export function useVisitAttribution(): void {
  useEffect(rememberVisitAttribution, [])
}
