import {expect} from 'vitest'
import type {ViewportName} from '../browser.ts'
import type {TestPage} from '../browser.ts'

/** A link's text to what comes later: its name and the mark its page's 준비 중 matches. */
const later = (name: string) => `${name}준비 중`

/** The sub-navigation of each section, as the site's menu names it. */
const SUB_NAV = {
  brand: ['브랜드 소개', '홍보영상'],
  business: ['사업개요', '분양일정', '계약 구비서류'],
  location: ['입지환경', '프리미엄'],
  complex: ['단지배치도', '호수조망 배치도', '커뮤니티'],
  units: ['84A', '84B', '84C', 'E-모델하우스'],
  unitsComingSoon: [later('59A'), later('59B'), '84A', '84B', '84C', 'E-모델하우스'],
  videos: ['가이드 영상', '입지안내', '프리미엄'],
  interior: [later('59㎡'), '84㎡'],
  sales: [
    '장기일반민간임대',
    later('인터넷 청약 안내'),
    later('입주자 모집공고'),
    later('인지세 안내'),
  ],
}

export interface ContentRoute {
  path: string
  subNav: string[]
  /** The sub-navigation entry marked as the current page, if any. */
  current: string | null
  /** What the page must show in its main content. */
  check: (page: TestPage, viewport: ViewportName) => Promise<void>
}

const main = (page: TestPage) => page.locator('main')

/**
 * A native video player of the page: nothing but the poster fetched, captions in Korean, and
 * a play button, or, for a film that starts by itself once in view, its sound switch.
 */
async function videoPlayer(page: TestPage, title: RegExp, startsByItself = false) {
  const video = main(page).locator('video')
  expect(await video.count()).toBe(1)
  expect(await video.getAttribute('aria-label')).toMatch(title)
  expect(await video.getAttribute('preload')).toBe('none')
  expect(await video.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false)
  expect(await video.getAttribute('poster')).toMatch(/\/images\/.+-poster|\/images\/.+\.jpg\?/)
  expect(
    await video
      .locator('source')
      .evaluateAll((sources) => sources.map((source) => source.getAttribute('type'))),
  ).toEqual(['video/webm', 'video/mp4'])
  expect(await video.locator('track[kind="captions"][srclang="ko"]').count()).toBe(1)
  const control = startsByItself ? /재생$|^소리$/ : /재생$/
  expect(await main(page).getByRole('button', {name: control}).count()).toBe(1)
  return video
}

async function loadedImages(page: TestPage, selector: string): Promise<number> {
  const images = main(page).locator(selector)
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded()
  // Lazy pictures start loading once scrolled to: wait until each has loaded or failed.
  await expect
    .poll(() =>
      images.evaluateAll((elements) =>
        elements.every((element) => (element as HTMLImageElement).complete),
      ),
    )
    .toBe(true)
  return images.evaluateAll(
    (elements) =>
      elements.filter((element) => (element as HTMLImageElement).naturalWidth > 0).length,
  )
}

async function sectionImage(page: TestPage, altPart: string) {
  const image = main(page).locator(`.page-section img[alt*="${altPart}"]`)
  await expect.poll(() => image.count()).toBe(1)
  expect(await loadedImages(page, `.page-section img[alt*="${altPart}"]`)).toBe(1)
}

async function comingSoon(page: TestPage, count = 1) {
  await expect.poll(() => main(page).getByText('COMING SOON', {exact: true}).count()).toBe(count)
  expect(await main(page).locator('.dot-loader > span').count()).toBe(3 * count)
}

async function disclaimers(page: TestPage): Promise<string[]> {
  return main(page).getByRole('list', {name: '유의사항'}).getByRole('listitem').allTextContents()
}

async function floorPlan(page: TestPage, label: string) {
  await expect
    .poll(() =>
      main(page)
        .getByRole('heading', {level: 2, name: `${label} 타입`})
        .count(),
    )
    .toBe(1)
  const opener = main(page).getByRole('button', {name: /평면도 크게 보기/})
  expect(await opener.count()).toBe(1)
  expect(await loadedImages(page, '.zoom-open img')).toBe(1)
  expect(await main(page).locator('.floor-plan-notice').textContent()).toContain(
    '평면도는 소비자의 이해를 돕기 위해 그린 것으로',
  )
}

async function tabs(
  page: TestPage,
  name: string,
): Promise<{labels: string[]; selected: string | null}> {
  const list = main(page).getByRole('tablist', {name})
  return {
    labels: await list.getByRole('tab').allTextContents(),
    selected: await list.getByRole('tab', {selected: true}).textContent(),
  }
}

export const CONTENT_ROUTES: ContentRoute[] = [
  {
    path: '/Brand/intro',
    subNav: SUB_NAV.brand,
    current: '브랜드 소개',
    check: async (page) => {
      expect(await main(page).locator('.page-section h2').count()).toBeGreaterThanOrEqual(1)
      expect(await loadedImages(page, '.page-section img')).toBeGreaterThanOrEqual(1)
    },
  },
  {
    path: '/Brand/video',
    subNav: SUB_NAV.brand,
    current: '홍보영상',
    check: async (page, viewport) => {
      const video = await videoPlayer(page, /홍보영상/, true)
      const box = await main(page).locator('.brand-video').boundingBox()
      if (viewport === 'desktop') {
        expect(box?.width).toBeCloseTo(1300, 0)
        expect(box?.height).toBeCloseTo(500, 0)
      } else {
        // 400x300 where it fits; narrower phones keep the 4:3 shape.
        expect(box?.width).toBeLessThanOrEqual(400)
        expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(4 / 3, 2)
      }
      expect(await video.boundingBox()).toEqual(box)
    },
  },
  {
    path: '/BusinessGuide/intro',
    subNav: SUB_NAV.business,
    current: '사업개요',
    check: async (page) => {
      const table = main(page).getByRole('table', {name: '사업개요'})
      const text = await table.textContent()
      for (const figure of [
        '106,050.4985㎡',
        '13,404.3638㎡',
        '376,069.7623㎡',
        '229.55%',
        '지하 3층 ~ 지상 15층',
        '9개 동',
        '440세대',
      ]) {
        expect(text).toContain(figure)
      }
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
      expect(jsonLd.some((text) => text.includes('"ApartmentComplex"'))).toBe(true)
    },
  },
  {
    path: '/BusinessGuide/plan',
    subNav: SUB_NAV.business,
    current: '분양일정',
    check: (page) => sectionImage(page, '분양일정표'),
  },
  {
    path: '/BusinessGuide/documents',
    subNav: SUB_NAV.business,
    current: '계약 구비서류',
    check: (page) => sectionImage(page, '구비서류'),
  },
  {
    path: '/LocationEnvironment/intro',
    subNav: SUB_NAV.location,
    current: '입지환경',
    check: async (page) => {
      const cards = main(page).locator('.location-cards > li')
      expect(await cards.count()).toBe(6)
      for (const card of await cards.all()) {
        expect(await card.locator('h2').textContent()).toBeTruthy()
        expect(await card.locator('p').textContent()).toBeTruthy()
      }
      expect(await loadedImages(page, '.location-cards img')).toBe(6)
    },
  },
  {
    path: '/LocationEnvironment/primium',
    subNav: SUB_NAV.location,
    current: '프리미엄',
    check: async (page) => {
      // The four PREMIUM cards as text, each beside its illustration (more in visual-slips.e2e.ts).
      expect(await main(page).locator('.premium-feature__title').count()).toBe(4)
      expect(await loadedImages(page, '.premium-feature__image')).toBe(4)
    },
  },
  {
    path: '/ComplexGuide/intro',
    subNav: SUB_NAV.complex,
    current: '단지배치도',
    check: async (page) => {
      await sectionImage(page, '단지배치도')
      const texts = await disclaimers(page)
      expect(texts).toHaveLength(6)
      expect(texts.join(' ')).toContain('환기구')
    },
  },
  {
    path: '/ComplexGuide/detailintro',
    subNav: SUB_NAV.complex,
    current: '호수조망 배치도',
    check: async (page) => {
      await sectionImage(page, '호수조망 배치도')
      expect(await disclaimers(page)).toHaveLength(2)
    },
  },
  {
    path: '/ComplexGuide/community',
    subNav: SUB_NAV.complex,
    current: '커뮤니티',
    check: async (page) => {
      const headings = await main(page).locator('.page-section h2').allTextContents()
      expect(headings).toEqual(
        expect.arrayContaining(['피트니스센터', '독서실', '카페', '실내골프연습장']),
      )
      expect(await loadedImages(page, '.page-section img')).toBe(headings.length)
    },
  },
  ...(
    [
      ['84A', '84A'],
      ['84B', '84B'],
      ['114A', '84C'],
    ] as const
  ).map(([slug, label]): ContentRoute => ({
    path: `/FloorPlan/${slug}`,
    subNav: SUB_NAV.units,
    current: SUB_NAV.units.includes(label) ? label : null,
    check: (page) => floorPlan(page, label),
  })),
  // The types supplied later: a placeholder, never a plan of a type the complex lacks today.
  ...(['59A', '59B', '114B', '119B'] as const).map((slug): ContentRoute => ({
    path: `/FloorPlan/${slug}`,
    subNav: SUB_NAV.unitsComingSoon,
    current: SUB_NAV.unitsComingSoon.includes(later(slug)) ? later(slug) : null,
    check: async (page) => {
      await comingSoon(page)
      expect(await main(page).locator('.floor-plan').count()).toBe(0)
    },
  })),
  {
    path: '/FloorPlan/videos',
    subNav: SUB_NAV.videos,
    current: '가이드 영상',
    check: async (page) => {
      const {labels, selected} = await tabs(page, '가이드 영상')
      expect(labels).toHaveLength(3)
      expect(labels.map((label) => label.slice(0, 2))).toEqual(['1 ', '2 ', '3 '])
      expect(labels[0]).toContain('입지환경')
      expect(labels[1]).toContain('59타입')
      expect(labels[2]).toContain('84타입')
      expect(selected).toBe(labels[0])
      await videoPlayer(page, /입지환경/)
    },
  },
  {
    path: '/FloorPlan/Emodel',
    subNav: SUB_NAV.units,
    current: 'E-모델하우스',
    check: async (page) => {
      expect(await tabs(page, 'E-모델하우스 타입')).toEqual({
        labels: ['84A', '84B'],
        selected: '84A',
      })
      expect(await main(page).locator('.page-intro').textContent()).toMatch(/아무 곳이나 클릭/)
      // Nothing of the tour is framed until the visitor asks; the tour opens on its own page too.
      expect(await main(page).locator('iframe').count()).toBe(0)
      expect(
        await main(page)
          .getByRole('button', {name: /84A 360° 투어 시작/})
          .count(),
      ).toBe(1)
      expect(
        await main(page)
          .getByRole('link', {name: '84A 가상 투어 새 창으로 보기'})
          .getAttribute('href'),
      ).toBe('/tour/84A')
      expect(await loadedImages(page, '.tour-frame__cover')).toBe(1)
    },
  },
  {
    path: '/Interior/59A',
    subNav: SUB_NAV.interior,
    current: later('59㎡'),
    check: (page) => comingSoon(page),
  },
  ...(['/Interior/84A', '/Interior/84B'] as const).map((path): ContentRoute => ({
    path,
    subNav: SUB_NAV.interior,
    current: '84㎡',
    check: async (page) => {
      const list = main(page)
        .getByRole('navigation', {name: '84㎡ 인테리어 타입'})
        .getByRole('link')
      expect(await list.allTextContents()).toEqual(['84A', '84B', '84C'])
      // Each chip its own target: a section of this page is an anchor, the other page its
      // address (its first type) or one of its sections; exactly one chip is current.
      const hrefs = await list.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      )
      const expected =
        path === '/Interior/84A'
          ? [/^#section-/, /^\/Interior\/84B$/, /^\/Interior\/84B#section-/]
          : [/^\/Interior\/84A$/, /^#section-/, /^#section-/]
      hrefs.forEach((href, index) => expect(href).toMatch(expected[index]!))
      expect(new Set(hrefs).size).toBe(3)
      const current = await list.evaluateAll((links) =>
        links
          .filter((link) => link.getAttribute('aria-current') === 'page')
          .map((l) => l.textContent),
      )
      expect(current).toEqual([path === '/Interior/84A' ? '84A' : '84B'])
      expect(await loadedImages(page, '.page-section img')).toBe(path === '/Interior/84A' ? 1 : 2)
    },
  })),
  {
    path: '/SalesInfo/SubscriptionGuide',
    subNav: SUB_NAV.sales,
    current: '장기일반민간임대',
    check: async (page) => {
      for (const part of ['인터넷 청약 안내', '입주자 모집공고', '인지세 안내']) {
        const region = main(page).getByRole('region', {name: part})
        expect(await region.getByText('COMING SOON', {exact: true}).count()).toBe(1)
      }
      await sectionImage(page, '장기일반민간임대')
      expect(await main(page).locator('.page-note').textContent()).toContain(
        '입주자 모집공고를 확인',
      )
    },
  },
  ...(
    [
      ['/SalesInfo/guide', '인터넷 청약 안내'],
      ['/SalesInfo/announcement', '입주자 모집공고'],
      ['/SalesInfo/StampTax', '인지세 안내'],
    ] as const
  ).map(([path, title]): ContentRoute => ({
    path,
    subNav: SUB_NAV.sales,
    current: later(title),
    check: async (page) => {
      expect(await main(page).getByRole('heading', {level: 2, name: title}).count()).toBe(1)
      // The seed has no notice file yet: the page says it is coming instead of offering a download.
      await comingSoon(page)
      expect(await main(page).locator('a[download]').count()).toBe(0)
    },
  })),
]
