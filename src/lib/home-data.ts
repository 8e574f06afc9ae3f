import {kstDate} from '#shared/korea-time.ts'
import type {MetaDescriptor} from 'react-router'
import {complexJsonLd, loadComplexFacts} from './content-pages/complex-facts.ts'
import {HOME_PAGE_QUERY} from './queries.ts'
import type {LakeReader} from '#shared/lake-query.ts'
import {layoutFromMatches, routeHead} from './seo/route-head.ts'
import {KOREAN_HOLIDAYS} from '#shared/visits/holidays.ts'
import {scheduleOf, slotGrid, slotStart, type StoredHouse} from '#shared/visits/schedule.ts'

/** The days the home form's time select offers without JavaScript. */
const BUILD_GRID_DAYS = 7

/** The home route's data (its head is `homeHead`). */
export async function loadHomePage(lake: LakeReader) {
  const [page, complex] = await Promise.all([lake.fetch(HOME_PAGE_QUERY), loadComplexFacts(lake)])
  if (!page.home)
    throw new Error('homePage 문서가 콘텐츠에 없습니다: 홈 페이지를 만들 수 없습니다.')
  const {modelHouse, ...rest} = page
  return {...rest, home: page.home, complex, visitGrid: buildVisitGrid(modelHouse)}
}

/**
 * The default site's slots of the next days as the build sees them, for the select of the
 * home form without JavaScript (the live picker replaces it). A time that has passed or
 * filled by the time it is sent is refused by the endpoint with a plain explanation.
 */
function buildVisitGrid(house: StoredHouse | null): string[] {
  if (!house) return []
  const now = Date.now()
  return slotGrid(scheduleOf(house), {
    now,
    from: kstDate(now),
    days: BUILD_GRID_DAYS,
    holidays: KOREAN_HOLIDAYS,
  }).map(slotStart)
}

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>

export function homeHead(
  matches: ReadonlyArray<{id: string; loaderData?: unknown} | undefined>,
  data: HomePageData | undefined,
): MetaDescriptor[] {
  const layout = layoutFromMatches(matches)
  return routeHead(matches, {
    path: '/',
    title: layout?.settings.complexName,
    description: data?.home.hero?.subtitle,
    image: data?.home.hero?.image,
    seo: data?.home.seo,
    jsonLd: data ? complexJsonLd(data.complex, layout) : [],
  })
}
