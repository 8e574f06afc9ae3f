import type {MetaDescriptor} from 'react-router'
import {describe, expect, it} from 'vitest'
import {buildHead, pageDescription, pageTitle, summarize, type HeadSettings} from './head.ts'

const settings: HeadSettings = {
  complexName: '솔담 레이크파크',
  brandName: '솔담',
  phone: '1661-0440',
  company: {developer: '(주)레이크파크피에프브이', address: '울산광역시 남구 호수공원로 120'},
  seo: {
    title: '솔담 레이크파크 | 10년 살고 결정하는 장기일반민간임대',
    description: '울산 호수공원 옆 440세대 장기일반민간임대 아파트',
    image: {asset: {_ref: 'image-abc123-2400x1260-jpg'}, alt: '단지 전경'},
  },
  naverVerification: 'naver-code',
  googleVerification: 'google-code',
}

const SITE = 'https://lakepark.example'

function content(
  tags: MetaDescriptor[],
  key: 'name' | 'property',
  value: string,
): string | undefined {
  const tag = tags.find((entry) => (entry as Record<string, string>)[key] === value) as
    {content?: string} | undefined
  return tag?.content
}

function jsonLd(tags: MetaDescriptor[]): Array<Record<string, unknown>> {
  return tags.flatMap((tag) =>
    'script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : [],
  )
}

describe('pageTitle', () => {
  it('appends the site name to a subpage title', () => {
    expect(pageTitle({path: '/Brand/intro', title: '브랜드 소개'}, settings)).toBe(
      '브랜드 소개 | 솔담 레이크파크',
    )
  })
  it("uses the site's default title for the home page", () => {
    expect(pageTitle({path: '/', title: '솔담 레이크파크'}, settings)).toBe(
      '솔담 레이크파크 | 10년 살고 결정하는 장기일반민간임대',
    )
  })
  it("prefers the page's own seo title as written", () => {
    expect(pageTitle({path: '/x', title: '페이지', seo: {title: '직접 쓴 제목'}}, settings)).toBe(
      '직접 쓴 제목',
    )
  })
})

describe('pageDescription', () => {
  it('falls back from seo to the page text to the site default', () => {
    expect(
      pageDescription({path: '/a', seo: {description: 'SEO 설명'}, description: '본문'}, settings),
    ).toBe('SEO 설명')
    expect(pageDescription({path: '/a', description: '본문  설명\n둘째 줄'}, settings)).toBe(
      '본문 설명 둘째 줄',
    )
    expect(pageDescription({path: '/a'}, settings)).toBe(
      '울산 호수공원 옆 440세대 장기일반민간임대 아파트',
    )
  })
  it('cuts long text to 160 characters at a word boundary', () => {
    const long = '호수공원 '.repeat(60)
    const cut = summarize(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut).not.toMatch(/ …$/)
  })
})

describe('buildHead', () => {
  const tags = buildHead(
    {path: '/Brand/intro', title: '브랜드 소개', description: '솔담 브랜드 이야기'},
    settings,
    SITE,
  )

  it('has the title, description, absolute canonical and index robots', () => {
    expect(tags).toContainEqual({title: '브랜드 소개 | 솔담 레이크파크'})
    expect(content(tags, 'name', 'description')).toBe('솔담 브랜드 이야기')
    expect(tags).toContainEqual({tagName: 'link', rel: 'canonical', href: `${SITE}/Brand/intro`})
    expect(content(tags, 'name', 'robots')).toBe('index, follow')
  })

  it('has the Open Graph tags with a 1200x630 image and Korean locale', () => {
    expect(content(tags, 'property', 'og:title')).toBe('브랜드 소개 | 솔담 레이크파크')
    expect(content(tags, 'property', 'og:url')).toBe(`${SITE}/Brand/intro`)
    expect(content(tags, 'property', 'og:locale')).toBe('ko_KR')
    expect(content(tags, 'property', 'og:type')).toBe('website')
    expect(content(tags, 'property', 'og:site_name')).toBe('솔담 레이크파크')
    expect(content(tags, 'property', 'og:image')).toMatch(
      /\/abc123-2400x1260\.jpg\?w=1200&h=630&fm=jpg&fit=crop$/,
    )
    expect(content(tags, 'property', 'og:image:width')).toBe('1200')
    expect(content(tags, 'property', 'og:image:height')).toBe('630')
    expect(content(tags, 'property', 'og:image:alt')).toBe('단지 전경')
  })

  it('has a large-image Twitter card and both verification tags', () => {
    expect(content(tags, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(content(tags, 'name', 'twitter:title')).toBe('브랜드 소개 | 솔담 레이크파크')
    expect(content(tags, 'name', 'naver-site-verification')).toBe('naver-code')
    expect(content(tags, 'name', 'google-site-verification')).toBe('google-code')
  })

  it('emits Organization and WebSite structured data on every page', () => {
    const types = jsonLd(tags).map((block) => block['@type'])
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']))
  })

  it('adds a BreadcrumbList when the page has a trail', () => {
    const withTrail = buildHead(
      {
        path: '/Brand/intro',
        title: '브랜드 소개',
        breadcrumb: [
          {name: '홈', path: '/'},
          {name: '브랜드 소개', path: '/Brand/intro'},
        ],
      },
      settings,
      SITE,
    )
    const trail = jsonLd(withTrail).find((block) => block['@type'] === 'BreadcrumbList')
    expect(trail?.itemListElement).toEqual([
      {'@type': 'ListItem', position: 1, name: '홈', item: `${SITE}/`},
      {'@type': 'ListItem', position: 2, name: '브랜드 소개', item: `${SITE}/Brand/intro`},
    ])
    expect(jsonLd(tags).some((block) => block['@type'] === 'BreadcrumbList')).toBe(false)
  })

  it('keeps noindex pages out of search engines and drops their canonical', () => {
    const notFound = buildHead({path: '/404', title: 'Not Found', noindex: true}, settings, SITE)
    expect(content(notFound, 'name', 'robots')).toBe('noindex, nofollow')
    expect(notFound.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false)
  })
})
