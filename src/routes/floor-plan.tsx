import {useLoaderData, type LoaderFunctionArgs, type MetaFunction} from 'react-router'
import {SanityImage} from '~/components/SanityImage.tsx'
import {ContentPageView} from '~/components/page/ContentPageView.tsx'
import {TextBlock} from '~/components/page/TextBlock.tsx'
import {loadFloorPlan, notFound} from '~/lib/page-data.ts'
import {routeHead} from '~/lib/seo/route-head.ts'

/** /FloorPlan/:type: the unit type's floor plan inside its content page. */
export async function loader({params}: LoaderFunctionArgs) {
  if (!params.type) notFound()
  return loadFloorPlan(params.type)
}

function unitName(unitType: {label?: string | null; code?: string | null} | null): string {
  return unitType ? `${unitType.label || unitType.code} 타입` : ''
}

export const meta: MetaFunction<typeof loader> = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: loaderData.path,
        title: loaderData.page?.title || unitName(loaderData.unitType) || loaderData.page?.bannerTitle,
        description: loaderData.page?.intro ?? loaderData.unitType?.notice,
        image: loaderData.page?.bannerImage ?? loaderData.unitType?.image,
        seo: loaderData.page?.seo,
      })
    : []

export default function FloorPlanPage() {
  const {path, page, unitType} = useLoaderData<typeof loader>()
  const name = unitName(unitType)
  const comingSoon = Boolean(page?.comingSoon) || unitType?.status === 'comingSoon'
  return (
    <ContentPageView path={path} page={{...page, title: page?.title ?? name, comingSoon}}>
      {unitType && !comingSoon ? (
        <figure className="floor-plan">
          <SanityImage image={unitType.image} width={1200} alt={unitType.image?.alt || `${name} 평면도`} />
          <figcaption>
            <strong>{name}</strong>
            {unitType.exclusiveArea ? <span> 전용 {unitType.exclusiveArea}㎡</span> : null}
            {unitType.supplyArea ? <span> · 공급 {unitType.supplyArea}㎡</span> : null}
            {unitType.households ? <span> · {unitType.households}세대</span> : null}
          </figcaption>
          <TextBlock text={unitType.notice} className="floor-plan-notice" />
        </figure>
      ) : null}
    </ContentPageView>
  )
}
