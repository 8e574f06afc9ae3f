import {SOURCE_LABELS as SOURCES} from '#shared/leads/labels.ts'

export {
  DELIVERY_STATUS_LABELS as STATUS_LABELS,
  DOUBT_LABELS,
  marketingConsentLabel,
  SPAM_LABELS,
  TEXTS_WITHHELD_LABELS,
  VISIT_REFUSED_LABELS,
} from '#shared/leads/labels.ts'

/** By any text: a visit's source arrives as a plain string. */
export const SOURCE_LABELS: Readonly<Record<string, string>> = SOURCES
export {STAGE_LABELS} from '#shared/leads/lead.ts'

const timeFormat = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Seoul',
})

export const formatLeadTime = (iso: string): string => timeFormat.format(new Date(iso))

/** A `tel:` link's target: the number's digits (the stored number has only digits and hyphens). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`

/** The sites offered, by slug, named as staff read them (their name, else their slug). */
export const siteNamesOf = (
  sites: ReadonlyArray<{slug?: string | null; name?: string | null}>,
): ReadonlyMap<string, string> =>
  new Map(
    sites.flatMap((site) => (site.slug ? [[site.slug, site.name ?? site.slug] as const] : [])),
  )
