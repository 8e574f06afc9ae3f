import type {MetaDescriptor} from 'react-router'
import type {Thing, WithContext} from 'schema-dts'
import {hasImage, sharingImageUrl, type ContentImage} from '#src/lib/images.ts'
import {breadcrumbLd, organizationLd, websiteLd, type Crumb} from './json-ld.ts'
import {absoluteUrl} from './urls.ts'

export interface SeoFields {
  title?: string | null
  description?: string | null
  image?: ContentImage | null
}

/** The parts of `siteSettings` every page's head is made of. */
export interface HeadSettings {
  complexName?: string | null
  brandName?: string | null
  phone?: string | null
  logo?: ContentImage | null
  company?: {developer?: string | null; builder?: string | null; address?: string | null} | null
  seo?: SeoFields | null
  naverVerification?: string | null
  googleVerification?: string | null
}

export interface PageHead {
  /** The page's path on the site, e.g. `/Brand/intro`. */
  path: string
  /** The page's own name (banner or document title); the site name is appended. */
  title?: string | null
  /** Fallback description, e.g. the page's intro text. */
  description?: string | null
  /** Fallback sharing image, e.g. the page's banner. */
  image?: ContentImage | null
  /** The page's `seo` object: wins over the fallbacks above. */
  seo?: SeoFields | null
  type?: 'website' | 'article'
  /** 404 and administrator pages stay out of search engines. */
  noindex?: boolean
  /** Home first, this page last; a BreadcrumbList is emitted for subpages. */
  breadcrumb?: Crumb[]
  /** Where the pages of the brand this page wears start: `/`, or a site's press list. */
  brandHome?: string
  /** Page-specific structured data (ApartmentComplex, NewsArticle…). */
  jsonLd?: Array<WithContext<Thing>>
}

const DESCRIPTION_LIMIT = 160

/** Plain text cut at a word boundary to what search results show. */
export function summarize(text: string, limit = DESCRIPTION_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= limit) return flat
  const cut = flat.slice(0, limit - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

export function pageTitle(page: PageHead, settings: HeadSettings): string {
  const siteName = settings.complexName || settings.brandName || ''
  if (page.seo?.title) return page.seo.title
  if (!page.title || page.title === siteName) return settings.seo?.title || siteName
  return siteName ? `${page.title} | ${siteName}` : page.title
}

export function pageDescription(page: PageHead, settings: HeadSettings): string {
  const text = page.seo?.description || page.description || settings.seo?.description || ''
  return summarize(text)
}

/**
 * Every head tag of a page, as React Router `meta` descriptors: title, description,
 * canonical, robots, Open Graph, Twitter card, search-console verifications and the
 * JSON-LD blocks (Organization and WebSite on every page).
 */
export function buildHead(
  page: PageHead,
  settings: HeadSettings,
  siteUrl: string,
): MetaDescriptor[] {
  const title = pageTitle(page, settings)
  const description = pageDescription(page, settings)
  const url = absoluteUrl(siteUrl, page.path)
  const siteName = settings.complexName || settings.brandName || ''
  const image = [page.seo?.image, page.image, settings.seo?.image].find(hasImage)
  const imageAlt = image?.alt || title
  const logoUrl = hasImage(settings.logo) ? sharingImageUrl(settings.logo) : null

  const tags: MetaDescriptor[] = [
    {title},
    {name: 'description', content: description},
    // A page kept out of the index (404, administrator) names no canonical address.
    ...(page.noindex ? [] : [{tagName: 'link', rel: 'canonical', href: url}]),
    {name: 'robots', content: page.noindex ? 'noindex, nofollow' : 'index, follow'},
    {property: 'og:type', content: page.type ?? 'website'},
    {property: 'og:site_name', content: siteName},
    {property: 'og:locale', content: 'ko_KR'},
    {property: 'og:title', content: title},
    {property: 'og:description', content: description},
    {property: 'og:url', content: url},
  ]
  if (image) {
    const imageUrl = sharingImageUrl(image)
    tags.push(
      {property: 'og:image', content: imageUrl},
      {property: 'og:image:type', content: 'image/jpeg'},
      {property: 'og:image:width', content: '1200'},
      {property: 'og:image:height', content: '630'},
      {property: 'og:image:alt', content: imageAlt},
      {name: 'twitter:card', content: 'summary_large_image'},
      {name: 'twitter:image', content: imageUrl},
      {name: 'twitter:image:alt', content: imageAlt},
    )
  } else {
    tags.push({name: 'twitter:card', content: 'summary'})
  }
  tags.push(
    {name: 'twitter:title', content: title},
    {name: 'twitter:description', content: description},
  )
  if (settings.naverVerification)
    tags.push({name: 'naver-site-verification', content: settings.naverVerification})
  if (settings.googleVerification)
    tags.push({name: 'google-site-verification', content: settings.googleVerification})

  const facts = {...settings, logoUrl}
  tags.push(
    {'script:ld+json': organizationLd(facts, siteUrl, page.brandHome)},
    {'script:ld+json': websiteLd(facts, siteUrl, page.brandHome)},
  )
  if (page.breadcrumb && page.breadcrumb.length > 1) {
    tags.push({'script:ld+json': breadcrumbLd(page.breadcrumb, siteUrl)})
  }
  for (const block of page.jsonLd ?? []) tags.push({'script:ld+json': block})
  return tags
}
