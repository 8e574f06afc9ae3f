import {ContentPageView} from '#src/components/content-page/ContentPageView.tsx'
import {PageExtras} from '#src/components/pages/PageExtras.tsx'
import {complexJsonLd} from '#src/lib/content-pages/complex-facts.ts'
import {loadContentPageData} from '#src/lib/content-pages/page-extras.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {layoutFromMatches, routeHead} from '#src/lib/seo/route-head.ts'
import {previewLoader} from '#src/preview/preview-loader.ts'
import '#src/styles/pages.css'
import type {Route} from './+types/content-page'

/**
 * The content pages (brand, business, location, complex, videos, E-model, interior, sales):
 * one route per address in the route table, each rendering its `page` document and what
 * that page shows besides (overview table, cards, tabs, type list, guide parts).
 */
export const loader = ({request}: Route.LoaderArgs) => loadContentPageData(siteClient, request)
export const clientLoader = previewLoader<typeof loadContentPageData>('contentPage')

export const meta: Route.MetaFunction = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: loaderData.path,
        title: loaderData.page.title || loaderData.page.bannerTitle,
        description: loaderData.page.intro ?? loaderData.page.bannerSubtitle,
        image: loaderData.page.bannerImage,
        seo: loaderData.page.seo,
        // The business overview describes the complex as a whole: ApartmentComplex data.
        jsonLd:
          loaderData.extras.kind === 'overview'
            ? complexJsonLd(loaderData.extras.facts, layoutFromMatches(matches))
            : [],
      })
    : []

export default function ContentPage({loaderData}: Route.ComponentProps) {
  const {path, page, extras} = loaderData
  const shown = extras.kind === 'none' ? null : <PageExtras extras={extras} path={path} />
  // The rental guide's own facts are its first part; the parts on other pages follow them.
  const afterSections = extras.kind === 'salesParts'
  return (
    <ContentPageView path={path} page={page} lead={afterSections ? null : shown}>
      {afterSections ? shown : null}
    </ContentPageView>
  )
}
