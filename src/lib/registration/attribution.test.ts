// @vitest-environment jsdom
import {afterEach, describe, expect, it} from 'vitest'
import {attributionOf, rememberVisitAttribution, visitAttribution} from './attribution.ts'

afterEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('visit attribution', () => {
  it('reads the five UTM parameters, the landing path and the referring host', () => {
    const url = new URL(
      'https://www.example.com/FloorPlan/84A?utm_source=naver&utm_medium=cpc&utm_campaign=%EA%B0%80%EC%9D%84&utm_term=84A&utm_content=banner&x=1',
    )
    expect(attributionOf(url, 'https://search.naver.com/search.naver?query=x')).toEqual({
      utmSource: 'naver',
      utmMedium: 'cpc',
      utmCampaign: '가을',
      utmTerm: '84A',
      utmContent: 'banner',
      landingPath: '/FloorPlan/84A',
      referrerHost: 'search.naver.com',
    })
  })

  it('takes no referrer from the site itself, none at all, or one that is not an address', () => {
    const url = new URL('https://www.example.com/')
    expect(attributionOf(url, 'https://www.example.com/Brand/intro')).toEqual({landingPath: '/'})
    expect(attributionOf(url, '')).toEqual({landingPath: '/'})
    expect(attributionOf(url, 'not a url')).toEqual({landingPath: '/'})
  })

  it("keeps the visit's first page for the whole visit, in sessionStorage and no cookie", () => {
    window.history.replaceState(null, '', '/Brand/intro?utm_campaign=spring')
    rememberVisitAttribution()
    window.history.replaceState(null, '', '/FloorPlan/84B?utm_campaign=other')
    rememberVisitAttribution()
    expect(visitAttribution()).toEqual({landingPath: '/Brand/intro', utmCampaign: 'spring'})
    expect(document.cookie).toBe('')
  })

  it('sends nothing it cannot read', () => {
    expect(visitAttribution()).toEqual({})
    sessionStorage.setItem('visit-attribution', '{broken')
    expect(visitAttribution()).toEqual({})
    sessionStorage.setItem('visit-attribution', JSON.stringify({utmSource: 'x', landingPath: 7}))
    expect(visitAttribution()).toEqual({utmSource: 'x'})
  })
})
