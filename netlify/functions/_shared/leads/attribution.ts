import {asRecord} from '../http.ts'
import {stripControls} from '../control-characters.ts'
import {ATTRIBUTION_FIELDS, type Attribution} from '#shared/leads/lead.ts'

/* What an advertisement can put in a UTM parameter is free text, but not a novel. */
const TEXT_MAX = 200
const PATH_MAX = 500
const HOST = /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const cleaned = [...stripControls(value).trim()].slice(0, max).join('')
  return cleaned === '' ? undefined : cleaned
}

/**
 * The attribution a form sent (`attribution` in the JSON body). It never costs a lead:
 * the visitor did not type it, so a field of the wrong type or shape is left out and an
 * overlong one is cut, rather than the registration refused. What is kept is kept as
 * sent (quotes, markup and formula characters included); only control characters go.
 */
export function readAttribution(value: unknown): Attribution {
  const input = asRecord(value) ?? {}
  const attribution: Attribution = {}
  for (const field of ATTRIBUTION_FIELDS) {
    if (field === 'landingPath') {
      const path = text(input[field], PATH_MAX)
      if (path?.startsWith('/')) attribution.landingPath = path
    } else if (field === 'referrerHost') {
      const host = text(input[field], 260)?.toLowerCase()
      if (host && HOST.test(host)) attribution.referrerHost = host
    } else {
      const kept = text(input[field], TEXT_MAX)
      if (kept !== undefined) attribution[field] = kept
    }
  }
  return attribution
}
