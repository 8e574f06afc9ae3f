import type {WithContext, Thing} from 'schema-dts'
import type {LayoutData} from '#src/lib/layout-data.ts'
import {COMPLEX_FACTS_QUERY} from '#src/lib/queries.ts'
import type {LakeReader} from '#shared/lake-query.ts'
import {hasImage, sharingImageUrl} from '#src/lib/images.ts'
import {apartmentComplexLd} from '#src/lib/seo/json-ld.ts'
import {publicConfig} from '../public-config.ts'
import {siteCustomerPath} from '../page-paths.ts'

/** The business overview and unit types (for the ApartmentComplex structured data). */
export function loadComplexFacts(lake: LakeReader) {
  return lake.fetch(COMPLEX_FACTS_QUERY)
}

export type ComplexFactsData = Awaited<ReturnType<typeof loadComplexFacts>>

/** ApartmentComplex JSON-LD, booking through the default site's customer page. */
export function complexJsonLd(
  facts: ComplexFactsData,
  layout: LayoutData | undefined,
): WithContext<Thing>[] {
  const settings = layout?.settings
  if (!settings?.defaultSite) return []
  const image = settings.seo?.image
  return [
    apartmentComplexLd(
      facts,
      {...settings, imageUrl: hasImage(image) ? sharingImageUrl(image) : null},
      siteCustomerPath(settings.defaultSite),
      publicConfig.siteUrl,
    ),
  ]
}
