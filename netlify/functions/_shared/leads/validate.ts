import {readAttribution} from './attribution.ts'
import {FORM_SOURCES, type LeadInput, type LeadSource} from '#shared/leads/lead.ts'
import type {FieldCodes} from '#shared/leads/messages.ts'
import {normalizePhone} from '#shared/leads/normalize-phone.ts'
import {typedFieldCodes} from '#shared/leads/typed-fields.ts'
import {KOREAN_HOLIDAYS} from '#shared/visits/holidays.ts'
import {checkSlot, type VisitSchedule} from '#shared/visits/schedule.ts'
import {stripControls} from '../control-characters.ts'

const SITE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** The privacy document's `_updatedAt`, as the forms carry it. */
const CONSENT_VERSION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/

/** The submission with every rule checked except the site's existence (a lake read). */
export type Validated = Omit<LeadInput, 'site'> & {site: string | undefined}

export type ValidationResult = {ok: true; input: Validated} | {ok: false; codes: FieldCodes}

const version = (value: unknown): string | undefined =>
  typeof value === 'string' && CONSENT_VERSION.test(value) ? value : undefined

/** A trimmed optional text: undefined when absent or blank, null when not a string. */
function optionalText(value: unknown, keepNewlines = false): string | undefined | null {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') return null
  // Line breaks are kept in the message only.
  const text = stripControls(value.replace(/\r\n?/g, '\n'), keepNewlines ? '\n' : '').trim()
  return text === '' ? undefined : text
}

/**
 * Checks a submission (JSON, or the home form's fields turned into the same shape) and
 * normalizes it. `defaultSource` is used when the body names none (the home form's native
 * POST); `sources` are those the caller takes (the public endpoint: the forms only). Fields no
 * form has (an e-mail, a wished date) are not read, so never stored.
 */
export function validateSubmission(
  body: Record<string, unknown>,
  defaultSource?: LeadSource,
  sources: readonly LeadSource[] = FORM_SOURCES,
): ValidationResult {
  const name = optionalText(body.name)
  const phoneText = optionalText(body.phone)
  const message = optionalText(body.message, true)
  const codes = typedFieldCodes({
    name: name ?? undefined,
    phone: phoneText ?? undefined,
    message: message ?? undefined,
    consent: body.consent === true,
  })
  // A field sent as something other than text is malformed, not missing.
  if (phoneText === null) codes.phone = 'invalid'
  if (message === null) codes.message = 'invalid'
  const phone = phoneText ? normalizePhone(phoneText) : null

  // Like the attribution, the version is not typed by the visitor: a malformed one is left out.
  const consentVersion = version(body.consentVersion)

  const marketingConsent = body.marketingConsent ?? false
  if (typeof marketingConsent !== 'boolean') codes.marketingConsent = 'invalid'
  // The marketing text's version is kept only with the consent it records.
  const marketingConsentVersion =
    marketingConsent === true ? version(body.marketingConsentVersion) : undefined

  const source = body.source ?? defaultSource
  if (!sources.includes(source as LeadSource)) codes.source = 'invalid'

  const site = optionalText(body.site)
  if (site === null || (site && !SITE_SLUG.test(site))) codes.site = 'unknown'

  if (Object.keys(codes).length > 0) return {ok: false, codes}
  return {
    ok: true,
    input: {
      name: name!.replace(/\s+/g, ' '),
      phone: phone!,
      ...(message ? {message} : {}),
      consent: true,
      ...(consentVersion ? {consentVersion} : {}),
      marketingConsent: marketingConsent as boolean,
      ...(marketingConsentVersion ? {marketingConsentVersion} : {}),
      source: source as LeadSource,
      site: site ?? undefined,
      attribution: readAttribution(body.attribution),
    },
  }
}

/** A model house as the visit time is checked against it. */
interface House {
  schedule: VisitSchedule
}

export type VisitAtResult<H extends House> =
  {ok: true; visit: {visitAt: number; house: H} | null} | {ok: false; codes: FieldCodes}

/**
 * Checks the visit time a submission asks for (`visitAt`, the wire form) against the site's
 * model house now, its holidays the gazette's. An empty field asks for none (`visit` null),
 * unless the time is `required` (a waiting-list join is for a time). The house is read only
 * when a time is asked for; null from `house` is a site that takes no bookings, and a read
 * that fails throws.
 */
export async function validateVisitAt<H extends House>(
  body: Record<string, unknown>,
  {house, now, required = false}: {house: () => Promise<H | null>; now: number; required?: boolean},
): Promise<VisitAtResult<H>> {
  const value = body.visitAt
  if (value === undefined || value === null || value === '')
    return required ? {ok: false, codes: {visitAt: 'required'}} : {ok: true, visit: null}
  const found = await house()
  if (!found) return {ok: false, codes: {visitAt: 'unavailable'}}
  const checked = checkSlot(found.schedule, value, now, KOREAN_HOLIDAYS)
  if (!checked.ok) return {ok: false, codes: {visitAt: checked.problem}}
  return {ok: true, visit: {visitAt: checked.visitAt, house: found}}
}
