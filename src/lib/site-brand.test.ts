import type {MetaDescriptor} from 'react-router'
import {describe, expect, it} from 'vitest'
import type {LayoutData} from './layout-data.ts'
import {routeHead} from './seo/route-head.ts'
import {siteBrandOf, withSiteBrand, type SiteBrand} from './site-brand.ts'

const logo = (name: string) => ({
  _type: 'imageWithAlt' as const,
  asset: {_ref: `image-${name}-240x64-svg`, _type: 'reference' as const},
  alt: name,
})

const layout = {
  settings: {
    complexName: '솔담 레이크파크',
    brandName: '솔담',
    logo: logo('lakepark'),
    logoWhite: logo('lakepark-white'),
    phone: '1661-0440',
    defaultSite: 'ulsan-lakepark',
    company: {
      developer: '(주)레이크파크피에프브이',
      builder: '솔담건설(주)',
      ceo: '한도윤',
      businessNumber: '610-86-24017',
      address: '울산광역시 남구 호수공원로 120',
    },
    seo: {
      _type: 'seo',
      title: '솔담 레이크파크 | 장기일반민간임대',
      description: '울산 호수공원 옆 440세대',
    },
  },
  navigation: {
    menu: [],
    siteMenu: [
      {_key: 'press', title: '보도자료', segment: 'press'},
      {_key: 'customer', title: '방문예약 등록', segment: 'customer'},
    ],
  },
} as unknown as LayoutData

const riverpark: SiteBrand = {
  slug: 'yangsan-riverpark',
  name: '솔담 리버파크',
  logo: logo('riverpark'),
  logoWhite: null,
  phone: '1661-7700',
  company: {
    developer: '(주)리버파크디앤씨',
    builder: '솔담건설(주)',
    address: '경상남도 양산시 물금읍 강변공원로 55',
  },
  registrationName: '관심고객 등록',
  image: null,
  blurb: '관심고객으로 등록하시면 분양 일정을 알려 드립니다.',
} as SiteBrand

const siteMatches = (site: SiteBrand) => [
  {id: 'root', loaderData: layout},
  {id: 'routes/site-press', handle: {siteSection: true}, loaderData: {site}},
]

function content(
  tags: MetaDescriptor[],
  key: 'name' | 'property',
  value: string,
): string | undefined {
  return (
    tags.find((entry) => (entry as Record<string, string>)[key] === value) as
      {content?: string} | undefined
  )?.content
}

function jsonLd(tags: MetaDescriptor[], type: string): Record<string, unknown> | undefined {
  return tags
    .flatMap((tag) =>
      'script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : [],
    )
    .find((block) => block['@type'] === type)
}

describe('siteBrandOf', () => {
  it("finds the site of a page whose route wears a site's brand", () => {
    expect(siteBrandOf(siteMatches(riverpark))).toBe(riverpark)
  })
  it('finds none on the pages of the default site', () => {
    expect(
      siteBrandOf([{loaderData: layout}, {handle: {other: true}, loaderData: {site: riverpark}}]),
    ).toBeNull()
  })
})

describe('withSiteBrand', () => {
  it('leaves the layout as it is on the default pages', () => {
    expect(withSiteBrand(layout, null)).toBe(layout)
  })

  it("puts another site's name, logo, phone and company lines in place of the default site's", () => {
    const branded = withSiteBrand(layout, riverpark)
    expect(branded.home).toBe('/yangsan-riverpark/press')
    expect(branded.registrationName).toBe('관심고객 등록')
    expect(branded.settings).toMatchObject({
      complexName: '솔담 리버파크',
      logo: riverpark.logo,
      phone: '1661-7700',
      defaultSite: 'yangsan-riverpark',
      company: riverpark.company,
    })
    // Lakepark's CEO and business number never stand beside Riverpark's developer.
    expect(branded.settings.company?.ceo).toBeUndefined()
    expect(branded.settings.company?.businessNumber).toBeUndefined()
    // A site with a dark-ground logo of its own only: no white logo of another brand.
    expect(branded.settings.logoWhite).toBeNull()
    expect(branded.navigation.siteMenu?.map((item) => item.title)).toEqual([
      '보도자료',
      '관심고객 등록',
    ])
  })

  it("keeps the home page as the default site's own start", () => {
    expect(
      withSiteBrand(layout, {...riverpark, slug: 'ulsan-lakepark', name: '솔담 레이크파크'}).home,
    ).toBe('/')
  })
})

describe("a site's page head", () => {
  const tags = routeHead(siteMatches(riverpark), {
    path: '/yangsan-riverpark/press',
    title: '보도자료',
    description: '솔담 리버파크 보도자료',
  })

  it("ends the title and names the site in Open Graph with the site's own name", () => {
    expect(tags.find((tag) => 'title' in tag)).toEqual({title: '보도자료 | 솔담 리버파크'})
    expect(content(tags, 'property', 'og:site_name')).toBe('솔담 리버파크')
    expect(content(tags, 'property', 'og:title')).toBe('보도자료 | 솔담 리버파크')
  })

  it("describes the site's developer as its own Organization, apart from the default site's", () => {
    const organization = jsonLd(tags, 'Organization')
    expect(organization).toMatchObject({
      '@id': expect.stringMatching(/\/yangsan-riverpark\/press#organization$/),
      name: '(주)리버파크디앤씨',
      address: {streetAddress: '경상남도 양산시 물금읍 강변공원로 55'},
      contactPoint: {telephone: '1661-7700'},
    })
    expect(String(organization?.logo)).toContain('riverpark')
    expect(jsonLd(tags, 'WebSite')).toMatchObject({
      name: '솔담 리버파크',
      publisher: {'@id': organization?.['@id']},
    })
  })
})
