import type {PRESS_LIST_QUERY_RESULT, PRESS_PAGE_QUERY_RESULT} from '#sanity.types.ts'
import type {LakeReader} from '#shared/lake-query.ts'
import {PRESS_LIST_QUERY, PRESS_PAGE_QUERY} from '#src/lib/queries.ts'

/** Posts per page of a press list. */
export const PRESS_PAGE_SIZE = 10

export type PressListItem = PRESS_PAGE_QUERY_RESULT[number]

export interface PressPage {
  items: PressListItem[]
  /** Whether at least one more post follows the last item. */
  hasMore: boolean
}

export interface PressListStart extends PressPage {
  site: Omit<NonNullable<PRESS_LIST_QUERY_RESULT>, 'total' | 'posts'>
  /** Posts of the site in all; the first item is NO `total`. */
  total: number
}

/** A page from the rows the queries return: one row more than a page means more follow. */
export function toPage(rows: PressListItem[]): PressPage {
  return {items: rows.slice(0, PRESS_PAGE_SIZE), hasMore: rows.length > PRESS_PAGE_SIZE}
}

/** The site, its post count and its first page; null for an unknown site. */
export async function fetchPressListStart(
  lake: LakeReader,
  site: string,
): Promise<PressListStart | null> {
  const result = await lake.fetch(PRESS_LIST_QUERY, {site})
  if (!result) return null
  const {total, posts, ...siteFields} = result
  return {site: siteFields, total, ...toPage(posts)}
}

/** The page after `last` (the last item loaded) of the site with the document id `siteId`. */
export async function fetchPressPageAfter(
  lake: LakeReader,
  siteId: string,
  last: PressListItem,
): Promise<PressPage> {
  // The queries only list posts with a date, so the last loaded item always has one.
  const rows = await lake.fetch(PRESS_PAGE_QUERY, {
    siteId,
    afterDate: last.date ?? '',
    afterId: last._id,
  })
  return toPage(rows)
}

/** The list's NO of the item at `index`: counting down from the site's total. */
export function pressNumber(total: number, index: number): number {
  return total - index
}
