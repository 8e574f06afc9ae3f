import {TourPage} from '#src/components/tour/TourPage.tsx'
import {notFound} from '#src/lib/content-pages/page-data.ts'
import {TOUR_QUERY} from '#src/lib/queries.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {tourPath} from '../lib/page-paths.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import {completeRooms} from '#src/lib/tours.ts'
import '#src/styles/tour.css'
import type {Route} from './+types/tour'

/** A page without the site's header and footer: the E-model tabs frame it. */
export const handle = {standalone: true}

/** /tour/{key}: one E-model tour, prerendered per tour in the content. */
export async function loader({params}: Route.LoaderArgs) {
  const tour = await siteClient.fetch(TOUR_QUERY, {key: params.key ?? ''})
  if (!tour || completeRooms(tour).length === 0) notFound()
  return {tour}
}

export const meta: Route.MetaFunction = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: tourPath(loaderData.tour.key ?? ''),
        title: loaderData.tour.title ?? 'E-모델하우스',
        description: `${loaderData.tour.key ?? ''} 타입 견본주택을 360°로 둘러보는 가상 투어: ${completeRooms(
          loaderData.tour,
        )
          .map((room) => room.name)
          .join(', ')}`,
        // The E-model page is the page to find; this one is what it frames.
        noindex: true,
      })
    : []

export default function Tour({loaderData}: Route.ComponentProps) {
  const {tour} = loaderData
  return <TourPage tour={tour} />
}
