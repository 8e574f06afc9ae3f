import {data} from 'react-router'
import {PAGE_QUERY, UNIT_TYPE_QUERY} from '#src/lib/queries.ts'
import type {LakeReader} from '#shared/lake-query.ts'

/** The page's path from a loader request (prerendering adds a trailing slash). */
export function requestPath(request: Request): string {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/+$/, '')
  return pathname === '' ? '/' : decodeURI(pathname)
}

export function notFound(): never {
  throw data(null, {status: 404, statusText: 'Not Found'})
}

/** The `page` document of a content route; 404 when the content has none. */
export async function loadContentPage(lake: LakeReader, path: string) {
  const page = await lake.fetch(PAGE_QUERY, {path})
  if (!page) notFound()
  return page
}

export type ContentPageData = Awaited<ReturnType<typeof loadContentPage>>

/** A floor-plan page: its `page` document and/or its unit type; 404 when neither exists. */
export async function loadFloorPlan(lake: LakeReader, slug: string) {
  const path = `/FloorPlan/${slug}`
  const [page, unitType] = await Promise.all([
    lake.fetch(PAGE_QUERY, {path}),
    lake.fetch(UNIT_TYPE_QUERY, {slug}),
  ])
  if (!page && !unitType) notFound()
  return {path, page, unitType}
}
