import type {MetaDescriptor} from 'react-router'
import {complexJsonLd, loadComplexFacts} from './content-pages/complex-facts.ts'
import {HOME_PAGE_QUERY} from './queries.ts'
import type {LakeReader} from '#shared/lake-query.ts'
import {layoutFromMatches, routeHead} from './seo/route-head.ts'

/** The home route's data (its head is `homeHead`). */
export async function loadHomePage(lake: LakeReader) {
  const [page, complex] = await Promise.all([lake.fetch(HOME_PAGE_QUERY), loadComplexFacts(lake)])
  if (!page.home)
    throw new Error('homePage 문서가 콘텐츠에 없습니다: 홈 페이지를 만들 수 없습니다.')
  return {...page, home: page.home, complex}
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
