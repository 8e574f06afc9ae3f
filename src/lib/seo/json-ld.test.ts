import {describe, expect, it} from 'vitest'
import {apartmentComplexLd, breadcrumbLd, organizationLd, websiteLd} from './json-ld.ts'

const SITE = 'https://lakepark.example'
const facts = {
  complexName: '솔담 레이크파크',
  brandName: '솔담',
  phone: '1661-0440',
  company: {developer: '(주)레이크파크피에프브이'},
}

describe('site-wide structured data', () => {
  it('describes the organization with its phone line and links the website to it', () => {
    const organization = organizationLd(facts, SITE)
    const website = websiteLd(facts, SITE)
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: '(주)레이크파크피에프브이',
      url: `${SITE}/`,
    })
    expect(organization).toMatchObject({contactPoint: {telephone: '1661-0440'}})
    expect(website).toMatchObject({
      '@type': 'WebSite',
      name: '솔담 레이크파크',
      inLanguage: 'ko-KR',
    })
    expect(website).toMatchObject({publisher: {'@id': (organization as {'@id': string})['@id']}})
  })

  it('numbers breadcrumb items from 1 with absolute addresses', () => {
    const list = breadcrumbLd(
      [
        {name: '홈', path: '/'},
        {name: '단지안내', path: '/ComplexGuide/intro'},
      ],
      SITE,
    )
    expect(list.itemListElement).toEqual([
      {'@type': 'ListItem', position: 1, name: '홈', item: `${SITE}/`},
      {'@type': 'ListItem', position: 2, name: '단지안내', item: `${SITE}/ComplexGuide/intro`},
    ])
  })
})

describe('apartmentComplexLd', () => {
  const complex = apartmentComplexLd(
    {
      overview: {
        projectName: '솔담 레이크파크',
        location: '울산광역시 남구 호수공원지구 B-3블록',
        units: 440,
      },
      unitTypes: [
        {code: '84A', slug: '84A', label: '84A', exclusiveArea: 84.97, households: 200},
        {code: '84C', slug: '114A', label: '84C', exclusiveArea: 84.5, households: 40},
      ],
    },
    facts,
    '/ulsan-lakepark/customer',
    SITE,
  ) as unknown as Record<string, unknown>

  it('states the 440 units and one floor plan per unit type, linked to its page', () => {
    expect(complex['@type']).toBe('ApartmentComplex')
    expect(complex.numberOfAccommodationUnits).toEqual({'@type': 'QuantitativeValue', value: 440})
    expect(complex.accommodationFloorPlan).toEqual([
      expect.objectContaining({
        '@type': 'FloorPlan',
        name: '84A타입',
        url: `${SITE}/FloorPlan/84A`,
        numberOfAccommodationUnits: {'@type': 'QuantitativeValue', value: 200},
      }),
      expect.objectContaining({
        name: '84C타입',
        url: `${SITE}/FloorPlan/114A`,
        floorSize: {'@type': 'QuantitativeValue', value: 84.5, unitCode: 'MTK'},
      }),
    ])
  })

  it('books visits on the customer page', () => {
    expect(complex.tourBookingPage).toBe(`${SITE}/ulsan-lakepark/customer`)
    expect(complex.potentialAction).toMatchObject({
      '@type': 'ReserveAction',
      target: {'@type': 'EntryPoint', urlTemplate: `${SITE}/ulsan-lakepark/customer`},
    })
  })

  it('survives JSON round trips as valid JSON-LD', () => {
    expect(JSON.parse(JSON.stringify(complex))['@context']).toBe('https://schema.org')
  })
})
