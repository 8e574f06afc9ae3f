import type {NewsArticle, WithContext} from 'schema-dts'
import {organizationId} from '#src/lib/seo/json-ld.ts'
import {absoluteUrl} from '#src/lib/seo/urls.ts'

export interface NewsArticleFacts {
  /** The post's page, e.g. /ulsan-lakepark/press/press-ulsan-001. */
  path: string
  headline: string
  description?: string | null
  datePublished: string
  dateModified?: string | null
  /** The sharing image's absolute address. */
  imageUrl?: string | null
  /** The company that publishes the site (the Organization block of every page). */
  publisherName: string
  /** Where the publisher's pages start (its Organization's id): `/` or the site's press list. */
  publisherHome?: string
  logoUrl?: string | null
}

/**
 * A press post as schema.org NewsArticle. Author and publisher are the site's
 * Organization (posts are signed '관리자', not by a person), linked by its `@id`.
 */
export function newsArticleLd(facts: NewsArticleFacts, siteUrl: string): WithContext<NewsArticle> {
  const organization = {
    '@type': 'Organization' as const,
    '@id': organizationId(siteUrl, facts.publisherHome),
    name: facts.publisherName,
    url: absoluteUrl(siteUrl, facts.publisherHome ?? '/'),
    ...(facts.logoUrl ? {logo: facts.logoUrl} : {}),
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: facts.headline,
    ...(facts.description ? {description: facts.description} : {}),
    datePublished: facts.datePublished,
    dateModified: facts.dateModified || facts.datePublished,
    ...(facts.imageUrl ? {image: [facts.imageUrl]} : {}),
    author: organization,
    publisher: organization,
    mainEntityOfPage: {'@type': 'WebPage', '@id': absoluteUrl(siteUrl, facts.path)},
    inLanguage: 'ko-KR',
  }
}
