import {useLoaderData, type LoaderFunctionArgs, type MetaFunction} from 'react-router'
import {ContentPageView} from '~/components/page/ContentPageView.tsx'
import {PageExtras} from '~/components/pages/PageExtras.tsx'
import {complexJsonLd} from '~/lib/complex-facts.ts'
import {loadPageExtras} from '~/lib/page-extras.ts'
import {loadContentPage, requestPath} from '~/lib/page-data.ts'
import {layoutFromMatches, routeHead} from '~/lib/seo/route-head.ts'
import '~/styles/pages.css'

/**
 * The content pages (brand, business, location, complex, videos, E-model, interior, sales):
 * one route per address in the route table, each rendering its `page` document and what
 * that page shows besides (overview table, cards, tabs, type list, guide parts).
 */
export async function loader({request}: LoaderFunctionArgs) {
  const path = requestPath(request)
  const [page, extras] = await Promise.all([loadContentPage(path), loadPageExtras(path)])
  return {path, page, extras}
}

export const meta: MetaFunction<typeof loader> = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: loaderData.path,
        title: loaderData.page.title || loaderData.page.bannerTitle,
        description: loaderData.page.intro ?? loaderData.page.bannerSubtitle,
        image: loaderData.page.bannerImage,
        seo: loaderData.page.seo,
        // The business overview describes the complex as a whole: ApartmentComplex data.
        jsonLd: loaderData.extras.kind === 'overview' ? complexJsonLd(loaderData.extras.facts, layoutFromMatches(matches)) : [],
      })
    : []

export default function ContentPage() {
  const {path, page, extras} = useLoaderData<typeof loader>()
  return <ContentPageView path={path} page={page} lead={extras.kind === 'none' ? null : <PageExtras extras={extras} path={path} />} />
}
