import {useLoaderData, type LoaderFunctionArgs, type MetaFunction} from 'react-router'
import {ContentPageView} from '~/components/page/ContentPageView.tsx'
import {complexJsonLd, loadComplexFacts} from '~/lib/complex-facts.ts'
import {loadContentPage, requestPath} from '~/lib/page-data.ts'
import {layoutFromMatches, routeHead} from '~/lib/seo/route-head.ts'

/** Pages that describe the complex as a whole carry its ApartmentComplex structured data. */
const COMPLEX_PAGES = new Set(['/BusinessGuide/intro'])

/**
 * The generic content page (brand, business, location, complex, interior, sales): one
 * route per address in the route table, each rendering its `page` document.
 */
export async function loader({request}: LoaderFunctionArgs) {
  const path = requestPath(request)
  const [page, complex] = await Promise.all([loadContentPage(path), COMPLEX_PAGES.has(path) ? loadComplexFacts() : null])
  return {path, page, complex}
}

export const meta: MetaFunction<typeof loader> = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: loaderData.path,
        title: loaderData.page.title || loaderData.page.bannerTitle,
        description: loaderData.page.intro ?? loaderData.page.bannerSubtitle,
        image: loaderData.page.bannerImage,
        seo: loaderData.page.seo,
        jsonLd: loaderData.complex ? complexJsonLd(loaderData.complex, layoutFromMatches(matches)) : [],
      })
    : []

export default function ContentPage() {
  const {path, page} = useLoaderData<typeof loader>()
  return <ContentPageView path={path} page={page} />
}
