import {describe, expect, it} from 'vitest'
import {newsArticleLd} from './json-ld.ts'

describe('newsArticleLd', () => {
  it('describes the post with the site organization as author and publisher', () => {
    const ld = newsArticleLd(
      {
        path: '/ulsan/press/p1',
        headline: '입주자 모집 공고',
        description: '요약',
        datePublished: '2026-11-01T01:00:00.000Z',
        dateModified: '2026-11-02T01:00:00.000Z',
        imageUrl: 'https://example.kr/og.jpg',
        publisherName: '솔담건설',
        logoUrl: 'https://example.kr/logo.png',
      },
      'https://example.kr',
    )
    expect(ld).toMatchObject({
      '@type': 'NewsArticle',
      headline: '입주자 모집 공고',
      datePublished: '2026-11-01T01:00:00.000Z',
      dateModified: '2026-11-02T01:00:00.000Z',
      image: ['https://example.kr/og.jpg'],
      mainEntityOfPage: {'@type': 'WebPage', '@id': 'https://example.kr/ulsan/press/p1'},
      author: {'@type': 'Organization', name: '솔담건설', logo: 'https://example.kr/logo.png'},
    })
    expect(ld.publisher).toEqual(ld.author)
  })

  it('uses the publication date as the modification date when none is known', () => {
    const ld = newsArticleLd(
      {
        path: '/a/press/b',
        headline: 'h',
        datePublished: '2026-11-01T01:00:00.000Z',
        publisherName: 'x',
      },
      'https://example.kr',
    )
    expect(ld).toMatchObject({dateModified: '2026-11-01T01:00:00.000Z'})
    expect(ld).not.toHaveProperty('image')
  })
})
