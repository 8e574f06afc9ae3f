import {loadComplexFacts} from './complex-facts.ts'
import {loadContentPage, requestPath} from './page-data.ts'
import {
  EMODEL_TOURS_QUERY,
  GUIDE_VIDEOS_QUERY,
  LINKED_PAGES_QUERY,
  LOCATION_CARDS_QUERY,
  PREMIUM_PAGE_QUERY,
} from '#src/lib/queries.ts'
import type {LakeReader} from '#shared/lake-query.ts'

/**
 * The interior pages whose sections make the 84㎡ type list, one chip per section.
 */
export const INTERIOR_TYPE_PAGES = ['/Interior/84A', '/Interior/84B'] as const

/** The parts of the rental guide page, in the spec's order, each backed by its own page. */
export const SALES_PART_PAGES = [
  '/SalesInfo/guide',
  '/SalesInfo/announcement',
  '/SalesInfo/StampTax',
] as const

async function linkedPages(lake: LakeReader, paths: readonly string[]) {
  const pages = await lake.fetch(LINKED_PAGES_QUERY, {paths: [...paths]})
  // In the order asked for, not the lake's.
  return paths.flatMap((path) => pages.filter((page) => page.path === path))
}

/**
 * What a content page shows besides its `page` document: the overview table, the location
 * cards, the premium cards and themes, the video or tour tabs, the interior type list or the
 * sales guide parts.
 */
export async function loadPageExtras(lake: LakeReader, path: string) {
  switch (path) {
    case '/BusinessGuide/intro':
      return {kind: 'overview', facts: await loadComplexFacts(lake)} as const
    case '/LocationEnvironment/intro':
      return {kind: 'locationCards', cards: await lake.fetch(LOCATION_CARDS_QUERY)} as const
    case '/LocationEnvironment/primium':
      return {kind: 'premium', ...(await lake.fetch(PREMIUM_PAGE_QUERY))} as const
    case '/FloorPlan/videos':
      return {kind: 'guideVideos', videos: await lake.fetch(GUIDE_VIDEOS_QUERY)} as const
    case '/FloorPlan/Emodel':
      return {kind: 'emodelTours', tours: await lake.fetch(EMODEL_TOURS_QUERY)} as const
    case '/Interior/84A':
    case '/Interior/84B':
      return {kind: 'interiorTypes', pages: await linkedPages(lake, INTERIOR_TYPE_PAGES)} as const
    case '/SalesInfo/SubscriptionGuide':
      return {kind: 'salesParts', pages: await linkedPages(lake, SALES_PART_PAGES)} as const
    default:
      return {kind: 'none'} as const
  }
}

export type PageExtras = Awaited<ReturnType<typeof loadPageExtras>>

/** A content page route's data: its address, its `page` document and what it shows besides. */
export async function loadContentPageData(lake: LakeReader, request: Request) {
  const path = requestPath(request)
  const [page, extras] = await Promise.all([
    loadContentPage(lake, path),
    loadPageExtras(lake, path),
  ])
  return {path, page, extras}
}
