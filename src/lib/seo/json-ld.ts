import type {
  ApartmentComplex,
  BreadcrumbList,
  FloorPlan,
  Organization,
  WebSite,
  WithContext,
} from 'schema-dts'
import {absoluteUrl} from './urls.ts'

/** The settings the site-wide structured data is made of. */
export interface OrganizationFacts {
  complexName?: string | null
  brandName?: string | null
  phone?: string | null
  logoUrl?: string | null
  company?: {developer?: string | null; builder?: string | null; address?: string | null} | null
}

/*
 * `home` is where the brand's pages start: `/` for the default site, a site's press list for
 * the sites that have only their press and customer pages. Each brand is its own
 * Organization and WebSite, told apart by these ids.
 */

export function organizationId(siteUrl: string, home = '/'): string {
  return `${absoluteUrl(siteUrl, home)}#organization`
}

export function websiteId(siteUrl: string, home = '/'): string {
  return `${absoluteUrl(siteUrl, home)}#website`
}

export function organizationLd(
  facts: OrganizationFacts,
  siteUrl: string,
  home = '/',
): WithContext<Organization> {
  const name = facts.company?.developer || facts.brandName || facts.complexName || ''
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(siteUrl, home),
    name,
    url: absoluteUrl(siteUrl, home),
    ...(facts.logoUrl ? {logo: facts.logoUrl} : {}),
    ...(facts.phone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            telephone: facts.phone,
            contactType: 'customer service',
            areaServed: 'KR',
            availableLanguage: 'Korean',
          },
        }
      : {}),
    ...(facts.company?.address
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: facts.company.address,
            addressCountry: 'KR',
          },
        }
      : {}),
  }
}

export function websiteLd(
  facts: OrganizationFacts,
  siteUrl: string,
  home = '/',
): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': websiteId(siteUrl, home),
    name: facts.complexName || facts.brandName || '',
    url: absoluteUrl(siteUrl, home),
    inLanguage: 'ko-KR',
    publisher: {'@id': organizationId(siteUrl, home)},
  }
}

export interface Crumb {
  name: string
  path: string
}

export function breadcrumbLd(crumbs: Crumb[], siteUrl: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  }
}

export interface ComplexFacts {
  overview?: {
    projectName?: string | null
    location?: string | null
    units?: number | null
    buildings?: number | null
    aboveGroundFloors?: number | null
    siteArea?: number | null
  } | null
  unitTypes?: Array<{
    code?: string | null
    slug?: string | null
    label?: string | null
    exclusiveArea?: number | null
    households?: number | null
  }> | null
}

/**
 * The complex as schema.org ApartmentComplex: its units, its floor plans (one per unit
 * type, linked to the type's page) and the page where a visit is booked.
 */
export function apartmentComplexLd(
  facts: ComplexFacts,
  site: OrganizationFacts & {imageUrl?: string | null},
  bookingPath: string,
  siteUrl: string,
): WithContext<ApartmentComplex> {
  const bookingUrl = absoluteUrl(siteUrl, bookingPath)
  const floorPlans = (facts.unitTypes ?? []).map((unit): FloorPlan => ({
    '@type': 'FloorPlan',
    name: `${unit.label || unit.code || ''}타입`,
    ...(unit.slug ? {url: absoluteUrl(siteUrl, `/FloorPlan/${unit.slug}`)} : {}),
    ...(unit.exclusiveArea
      ? {floorSize: {'@type': 'QuantitativeValue', value: unit.exclusiveArea, unitCode: 'MTK'}}
      : {}),
    ...(unit.households
      ? {numberOfAccommodationUnits: {'@type': 'QuantitativeValue', value: unit.households}}
      : {}),
  }))
  return {
    '@context': 'https://schema.org',
    '@type': 'ApartmentComplex',
    name: facts.overview?.projectName || site.complexName || '',
    url: absoluteUrl(siteUrl, '/'),
    ...(site.imageUrl ? {image: site.imageUrl} : {}),
    ...(site.phone ? {telephone: site.phone} : {}),
    ...(facts.overview?.location
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: facts.overview.location,
            addressCountry: 'KR',
          },
        }
      : {}),
    ...(facts.overview?.units
      ? {numberOfAccommodationUnits: {'@type': 'QuantitativeValue', value: facts.overview.units}}
      : {}),
    ...(floorPlans.length > 0 ? {accommodationFloorPlan: floorPlans} : {}),
    tourBookingPage: bookingUrl,
    potentialAction: {
      '@type': 'ReserveAction',
      name: '방문예약 등록',
      target: {'@type': 'EntryPoint', urlTemplate: bookingUrl},
    },
  }
}
