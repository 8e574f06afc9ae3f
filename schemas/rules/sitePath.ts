import {linkTarget} from './linkHref.ts'

/**
 * A path inside the site such as `/Brand/intro` or `/FloorPlan/114A` (the site's routes keep their
 * capitals).
 */
export const SITE_PATH_PATTERN =
  /^\/(?:[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*(?:\/[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)*)?$/

const EXTERNAL_URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/**
 * Links in menus and cards point either inside the site or to an http(s) address (a web link as
 * linkTarget reads it).
 */
export function isSitePathOrUrl(value: string): boolean {
  return (
    SITE_PATH_PATTERN.test(value) ||
    (EXTERNAL_URL_PATTERN.test(value) && linkTarget(value)?.kind === 'web')
  )
}
