import {ContentPageView} from '#src/components/content-page/ContentPageView.tsx'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'
import {FirstComeNotice, RemainingUnits} from '#src/components/units/RemainingUnits.tsx'
import {UnitFacts} from '#src/components/units/UnitFacts.tsx'
import {ZoomableImage} from '#src/components/pages/ZoomableImage.tsx'
import {floorPlanSubNav} from '#src/lib/content-pages/floor-plan-nav.ts'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {formatArea, formatCount} from '#src/lib/content-pages/korean-format.ts'
import {loadFloorPlan, notFound} from '#src/lib/content-pages/page-data.ts'
import {FLOOR_PLAN_CONTEXT_QUERY} from '#src/lib/queries.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import '#src/styles/pages.css'
import type {Route} from './+types/floor-plan'

/**
 * /FloorPlan/:type: the unit type's floor plan (or its coming-soon placeholder) in the unit-guide
 * section.
 */
export async function loader({params}: Route.LoaderArgs) {
  if (!params.type) notFound()
  const [plan, context] = await Promise.all([
    loadFloorPlan(siteClient, params.type),
    siteClient.fetch(FLOOR_PLAN_CONTEXT_QUERY),
  ])
  const comingSoon = Boolean(plan.page?.comingSoon) || plan.unitType?.status === 'comingSoon'
  return {
    ...plan,
    comingSoon,
    subNav: plan.page?.subNav ?? floorPlanSubNav(comingSoon, context.unitTypes, context.emodel),
    sectionBanner: context.emodel?.bannerImage ?? null,
  }
}

type UnitFacts = {
  label?: string | null
  code?: string | null
  exclusiveArea?: number | null
  supplyArea?: number | null
  households?: number | null
}

function unitName(unitType: UnitFacts | null): string {
  return unitType ? `${unitType.label || unitType.code} 타입` : ''
}

/** "전용 84.93㎡ · 공급 114.02㎡ · 88세대": the figures that set one type apart from the others. */
function unitFigures(unitType: UnitFacts | null): string {
  if (!unitType) return ''
  return [
    unitType.exclusiveArea ? `전용 ${formatArea(unitType.exclusiveArea)}` : null,
    unitType.supplyArea ? `공급 ${formatArea(unitType.supplyArea)}` : null,
    unitType.households ? formatCount(unitType.households, '세대') : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

export const meta: Route.MetaFunction = ({loaderData, matches}) => {
  if (!loaderData) return []
  const {page, unitType, comingSoon} = loaderData
  const name = unitName(unitType)
  const figures = unitFigures(unitType)
  const summary = comingSoon
    ? `${name} 평면도는 준비 중입니다. ${figures}`
    : `${name} 평면도. ${figures}`
  return routeHead(matches, {
    path: loaderData.path,
    title: page?.title || (name ? `${name} 평면도` : page?.bannerTitle),
    description: page?.intro ?? summary,
    image: page?.bannerImage ?? unitType?.image ?? loaderData.sectionBanner,
    seo: page?.seo,
  })
}

export default function FloorPlanPage({loaderData}: Route.ComponentProps) {
  const {path, page, unitType, comingSoon, subNav, sectionBanner} = loaderData
  const firstCome = Boolean(useLayoutData().settings.firstComeNotice)
  const name = unitName(unitType)
  return (
    <ContentPageView
      path={path}
      page={{
        ...page,
        bannerTitle: page?.bannerTitle ?? 'UNIT PLAN',
        bannerSubtitle: page?.bannerSubtitle ?? '세대안내',
        bannerImage: page?.bannerImage ?? sectionBanner,
        title: page?.title ?? name,
        subNav,
        comingSoon,
      }}
    >
      {unitType && !comingSoon ? (
        <>
          <figure className="floor-plan">
            <ZoomableImage
              image={unitType.image}
              title={`${name} 평면도`}
              label="평면도 크게 보기"
              width={1000}
              priority
            />
            {/* The page's title above names the type: the caption gives its figures. */}
            <figcaption>
              <UnitFacts unit={unitType} className="floor-plan__facts" />
              <RemainingUnits unit={unitType} className="floor-plan__remaining" />
              {firstCome ? <FirstComeNotice /> : null}
            </figcaption>
          </figure>
          <TextBlock text={unitType.notice} className="floor-plan-notice" />
        </>
      ) : null}
      {/* A type that comes later: its plan is not out, its size is already known. */}
      {unitType && comingSoon ? <UnitFacts unit={unitType} className="floor-plan__facts" /> : null}
    </ContentPageView>
  )
}
