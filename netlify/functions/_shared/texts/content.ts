import {defineQuery} from 'groq'
import {readConfig, setting, type Env} from '#config/settings.ts'
import {createLakeQuery} from '#shared/lake-query.ts'
import type {TextKind} from '#shared/texts/render.ts'
import {normalizeMobile} from '#shared/leads/normalize-phone.ts'
import {normalizeEmail} from '../auth/admin-users.ts'
import {CONTACT_LIMIT_HOURS} from '#shared/leads/owners.ts'
import {remainingSummary, type UnitRemaining} from '#shared/units/remaining.ts'

/**
 * What texts are made of, from the Studio: the templates, each site's name, model house
 * and refusal number, and the remaining units as the advert writes them.
 */
export interface TextContent {
  templates: Partial<Record<TextKind, string>>
  sites: ReadonlyMap<string, SiteText>
  /** `84A 잔여 3세대, 84B 마감 (11월 26일 기준)`, or empty when no type is counted. */
  remaining: string
  /** The same counts one by one, for the visitor's page. */
  units: readonly UnitRemaining[]
}

export interface SiteText {
  name: string
  address: string | null
  mapUrl: string | null
  /** The free 080 number for refusing advertising texts. */
  refusalPhone?: string | null
  /** The staff's mobile numbers (normalized) that a new lead of the site is texted to. */
  staffPhones?: readonly string[]
  /** The administrators' mobile numbers (normalized) that operations alarms are texted to. */
  operationsPhones?: readonly string[]
  /** Staff members' own mobile numbers (normalized) by their sign-in e-mail. */
  staffContacts?: readonly StaffContact[]
  /** Opening hours a new lead may wait for its first contact (site.contactLimitHours). */
  contactLimitHours?: number
}

export interface StaffContact {
  email: string
  phone: string
}

export const TEXT_CONTENT_QUERY = defineQuery(`{
  "templates": *[_id == "textTemplates"][0]{
    confirmation, acknowledgement, reminder, cancelled, moved, advert, "no-show": noShow
  },
  "sites": *[_type == "site" && defined(slug.current)]{
    "slug": slug.current, name, "address": modelHouse.address, "mapUrl": modelHouse.mapUrl,
    refusalPhone, staffAlertPhones, operationsAlertPhones, staffContacts[]{email, phone},
    contactLimitHours
  },
  "units": *[_type == "unitType" && status == "available" && defined(remaining)
    && defined(remainingCheckedAt)] | order(order asc){
    label, remaining, "checkedAt": remainingCheckedAt
  }
}`)

export type TextContentLoader = () => Promise<TextContent>

/** A list of mobile numbers as typed in the Studio, normalized, each once. */
const mobiles = (phones: readonly string[] | null | undefined): string[] => [
  ...new Set(
    (phones ?? [])
      .map((phone) => normalizeMobile(phone))
      .filter((phone): phone is string => phone !== null),
  ),
]

/**
 * Reads the templates and sites from the Content Lake (Sanity's API in production)
 * within 2 s. The model house (`site.modelHouse`) is optional here: a site without one
 * renders `#{주소}` and `#{지도}` empty rather than sending nothing.
 */
export const readTextContent: TextContentLoader = async () => {
  const result = await createLakeQuery(readConfig(process.env), 2000).fetch(TEXT_CONTENT_QUERY)
  const templates = Object.fromEntries(
    Object.entries(result.templates ?? {}).filter(([, value]) => typeof value === 'string'),
  ) as Partial<Record<TextKind, string>>
  const sites = result.sites ?? []
  const units = (result.units ?? []).map((unit) => ({
    label: unit.label ?? '',
    remaining: unit.remaining ?? 0,
    checkedAt: unit.checkedAt ?? '',
  }))
  return {
    templates,
    sites: new Map(
      sites
        .filter((site) => site.slug)
        .map((site) => [
          site.slug!,
          {
            name: site.name ?? '',
            address: site.address ?? null,
            mapUrl: site.mapUrl ?? null,
            refusalPhone: site.refusalPhone ?? null,
            staffPhones: mobiles(site.staffAlertPhones),
            operationsPhones: mobiles(site.operationsAlertPhones),
            staffContacts: (site.staffContacts ?? []).flatMap((contact) => {
              const phone = normalizeMobile(contact.phone ?? '')
              return phone && contact.email ? [{email: normalizeEmail(contact.email), phone}] : []
            }),
            contactLimitHours: site.contactLimitHours ?? CONTACT_LIMIT_HOURS,
          },
        ]),
    ),
    remaining: remainingSummary(units),
    units,
  }
}

/**
 * Content is read again after this long: a published edit reaches texts within it, from
 * every warm instance. `TEXT_CONTENT_TTL_S`, a minute unless set.
 */
export const textContentTtlMs = (env: Env = process.env) =>
  setting('TEXT_CONTENT_TTL_S', env) * 1000
/** After a failed read with nothing cached, callers fail at once for this long. */
const RETRY_AFTER_FAILURE_MS = 10_000

/**
 * `load`'s answer, shared by every caller for `ttlMs` and by concurrent callers while it
 * loads, so a burst of registrations reads the lake once, not once each. When a later
 * read fails, the last answer stands in (templates change rarely; a text beats none);
 * with none, callers fail at once for a little while rather than each waiting on a lake
 * that is down.
 */
export function cachedTextContent(
  load: TextContentLoader,
  ttlMs = textContentTtlMs(),
  clock: () => number = Date.now,
): TextContentLoader {
  let cached: {content: TextContent; at: number} | null = null
  let loading: Promise<TextContent> | null = null
  let failed: {error: unknown; at: number} | null = null
  return () => {
    if (cached && clock() - cached.at < ttlMs) return Promise.resolve(cached.content)
    if (!cached && failed && clock() - failed.at < RETRY_AFTER_FAILURE_MS)
      return Promise.reject(failed.error)
    loading ??= load()
      .then((content) => {
        cached = {content, at: clock()}
        return content
      })
      .catch((error: unknown) => {
        if (cached) return cached.content
        failed = {error, at: clock()}
        throw error
      })
      .finally(() => {
        loading = null
      })
    return loading
  }
}

/** The functions' content: the lake's, read at most once a minute per instance. */
export const lakeTextContent = cachedTextContent(readTextContent)
