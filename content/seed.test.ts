import {existsSync, readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {evaluate, parse} from 'groq-js'
import {
  createSchema,
  validateDocument,
  type SanityDocument,
  type ValidationMarker,
  type Workspace,
} from 'sanity'
import {beforeAll, describe, expect, it} from 'vitest'
import {schemaTypes} from '../schemas/index.ts'
import {SEO_DESCRIPTION_SOFT_LIMIT, SEO_TITLE_SOFT_LIMIT} from '../schemas/objects/seo.ts'
import {tourProblems, unreachableRooms, type TourValue} from '../schemas/rules/tour.ts'
import {CONTENT_PAGE_PATHS} from '../src/lib/page-paths.ts'
import {leadSettings} from '../netlify/functions/_shared/lead-settings.ts'
import {
  AUDIT_RETENTION_DAYS,
  REQUEST_RETENTION_DAYS,
} from '../netlify/functions/_shared/leads/retention.ts'
import {CODE_MINUTES} from '../shared/visitor-data/contract.ts'
import type {
  BusinessOverview,
  EmodelTour,
  GuideVideo,
  HomePage,
  LocationCard,
  Navigation,
  Page,
  PremiumCard,
  PremiumSlide,
  Press,
  Privacy,
  Site,
  SiteSettings,
  UnitType,
} from '../sanity.types.ts'

type Doc = SanityDocument & Record<string, unknown>

const contentDir = fileURLToPath(new URL('.', import.meta.url))
const seed: Doc[] = readFileSync(new URL('production.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Doc)

/**
 * The seed typed by the generated schema types (the test below checks it really fits the schema).
 */
interface SeedTypes {
  businessOverview: BusinessOverview
  emodelTour: EmodelTour
  guideVideo: GuideVideo
  homePage: HomePage
  locationCard: LocationCard
  navigation: Navigation
  page: Page
  premiumCard: PremiumCard
  premiumSlide: PremiumSlide
  press: Press
  privacy: Privacy
  site: Site
  siteSettings: SiteSettings
  unitType: UnitType
}
const byType = <T extends keyof SeedTypes>(type: T) =>
  seed.filter((doc) => doc._type === type) as unknown as SeedTypes[T][]
function single<T extends keyof SeedTypes>(type: T): SeedTypes[T] {
  const [doc] = byType(type)
  if (!doc) throw new Error(`the seed has no ${type}`)
  return doc
}

/** Every nested value of a document, with its path, so rules can look at all objects at once. */
function* walk(value: unknown, path: string): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${path}[${index}]`)
  } else if (value && typeof value === 'object') {
    yield [path, value as Record<string, unknown>]
    for (const [key, child] of Object.entries(value)) yield* walk(child, `${path}.${key}`)
  }
}

const ASSET_PATTERN = /^(image|file)@file:\/\/\.\/(.+)$/

/** What `sanity dataset import` does to `_sanityAsset`: upload the file and reference the asset. */
function asImported(doc: Doc): Doc {
  return JSON.parse(JSON.stringify(doc), (_key, value) => {
    if (value && typeof value === 'object' && typeof value._sanityAsset === 'string') {
      const {_sanityAsset: asset, ...rest} = value
      const [, kind, file = ''] = ASSET_PATTERN.exec(asset) ?? []
      const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? 'bin'
      return {
        ...rest,
        asset: {
          _type: 'reference',
          _ref: `${kind}-${file.replace(/\.[a-z0-9]+$/i, '').replace(/[^a-z0-9]/gi, '')}-${extension}`,
        },
      }
    }
    return value
  }) as Doc
}

const schema = createSchema({name: 'default', types: schemaTypes})

/** A client that answers the schema's custom rules with real GROQ over the given dataset. */
function datasetClient(dataset: Doc[]) {
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query), {dataset, params})).get(),
    withConfig: () => client,
  }
  return client
}

/**
 * `cli` also reports fields the schema does not know; it does so by turning every rule of an
 * object-typed field into a warning, so levels are checked under `studio`, as editors see them.
 */
function validate(
  doc: Doc,
  dataset: Doc[] = seed,
  environment: 'cli' | 'studio' = 'cli',
): Promise<ValidationMarker[]> {
  const imported = asImported(doc)
  const known = new Set(dataset.map((item) => item._id))
  const workspace = {schema, getClient: () => datasetClient(dataset)} as unknown as Workspace
  return validateDocument({
    document: imported,
    workspace,
    environment,
    getDocumentExists: async ({id}) =>
      known.has(id) || id.startsWith('image-') || id.startsWith('file-'),
  })
}

const describeMarkers = (markers: ValidationMarker[]) =>
  markers.map((marker) => `${marker.level} at ${JSON.stringify(marker.path)}: ${marker.message}`)

describe('seed dataset', () => {
  let markersById: Map<string, ValidationMarker[]>

  beforeAll(async () => {
    markersById = new Map(
      await Promise.all(seed.map(async (doc) => [doc._id, await validate(doc)] as const)),
    )
  })

  it('passes every rule of the schema, warnings included', () => {
    const problems = Object.fromEntries(
      [...markersById]
        .filter(([, markers]) => markers.length > 0)
        .map(([id, markers]) => [id, describeMarkers(markers)]),
    )
    expect(problems).toEqual({})
  })

  it('has unique, readable ids without dots, and the singletons at their type names', () => {
    const ids = seed.map((doc) => doc._id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/)
    for (const type of ['siteSettings', 'businessOverview', 'navigation', 'homePage', 'privacy']) {
      expect(seed.filter((doc) => doc._type === type).map((doc) => doc._id)).toEqual([type])
    }
  })

  it('resolves every reference to a seed document', () => {
    const ids = new Set(seed.map((doc) => doc._id))
    const dangling = seed.flatMap((doc) =>
      [...walk(doc, doc._id)]
        .filter(([, node]) => typeof node._ref === 'string' && !ids.has(node._ref as string))
        .map(([path]) => path),
    )
    expect(dangling).toEqual([])
  })

  it('points every _sanityAsset at a file in content/', () => {
    const assets = seed.flatMap((doc) =>
      [...walk(doc, doc._id)].flatMap(([path, node]) =>
        typeof node._sanityAsset === 'string' ? [[path, node._sanityAsset] as const] : [],
      ),
    )
    expect(assets.length).toBeGreaterThan(40)
    const missing = assets.filter(([, asset]) => {
      const match = ASSET_PATTERN.exec(asset)
      return !match || !existsSync(`${contentDir}${match[2]}`)
    })
    expect(missing).toEqual([])
  })

  it('gives every array object a _key, unique within its array', () => {
    const problems: string[] = []
    for (const doc of seed) {
      for (const [path, node] of walk(doc, doc._id)) {
        for (const [field, value] of Object.entries(node)) {
          if (!Array.isArray(value) || !value.some((item) => item && typeof item === 'object'))
            continue
          const keys = value.map((item: {_key?: string}) => item._key)
          if (keys.some((key) => !key) || new Set(keys).size !== keys.length)
            problems.push(`${path}.${field}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('states every figure of the specification exactly', () => {
    expect(single('businessOverview')).toMatchObject({
      siteArea: 106050.4985,
      buildingArea: 13404.3638,
      grossFloorArea: 376069.7623,
      floorAreaRatio: 229.55,
      basementFloors: 3,
      aboveGroundFloors: 15,
      buildings: 9,
      units: 440,
      unitSizes: '84㎡ A·B·C타입',
      supplyType: '장기일반민간임대주택',
      rentalYears: 10,
    })
    const settings = single('siteSettings')
    expect(settings.phone).toBe('1661-0440')
    expect(settings.counselHours).toBe('24시간 상담')
    expect(settings.copyrightYear).toBe(2025)
    expect(settings.marketing).toEqual({
      depositGuarantee: '임대보증금 100% 보증',
      brandTier: '1군 브랜드 솔담건설 시공',
      rentalTerm: '10년 임대 후 분양전환',
      subscriptionResult: '1차 청약 하루 만에 완판',
    })
    const units = byType('unitType')
    expect(units.reduce((sum, unit) => sum + (unit.households ?? 0), 0)).toBe(440)
    expect(units.filter((unit) => unit.households).map((unit) => unit.label)).toEqual([
      '84A',
      '84B',
      '84C',
    ])
  })

  it('tells on the privacy page the retention the database keeps', () => {
    const privacy = single('privacy')
    const period = (kind: string) =>
      privacy.retentionPeriods?.find((entry) => entry.kind === kind)?.period ?? ''
    const days = leadSettings({}).retentionDays
    expect(period('leads')).toContain(`${days}일`)
    for (const kind of ['visits', 'texts', 'consents']) expect(period(kind)).toContain(`${days}일`)
    expect(privacy.retention).toContain(`${days}일`)
    expect(period('access')).toContain(`${AUDIT_RETENTION_DAYS / 365}년`)
    expect(period('requests')).toContain(`${REQUEST_RETENTION_DAYS / 365}년`)
    expect(period('codes')).toContain(`${CODE_MINUTES}분`)
  })

  it('has a page for every content route, each with its own search title and description', () => {
    const pages = byType('page')
    expect(pages.map((doc) => doc.path).sort()).toEqual([...CONTENT_PAGE_PATHS, '/privacy'].sort())
    const seos = [...pages, single('homePage'), single('siteSettings'), single('privacy')].map(
      (doc) => doc.seo!,
    )
    expect(new Set(seos.map((entry) => entry.title)).size).toBe(seos.length)
    expect(new Set(seos.map((entry) => entry.description)).size).toBe(seos.length)
    for (const entry of seos) {
      expect(entry.title!.length).toBeLessThanOrEqual(SEO_TITLE_SOFT_LIMIT)
      expect(entry.description!.length).toBeLessThanOrEqual(SEO_DESCRIPTION_SOFT_LIMIT)
    }
    expect(pages.find((doc) => doc.path === '/ComplexGuide/intro')!.disclaimers).toHaveLength(6)
    expect(pages.find((doc) => doc.path === '/ComplexGuide/detailintro')!.disclaimers).toHaveLength(
      2,
    )
    expect(
      pages.find((doc) => doc.path === '/FloorPlan/videos')!.subNav!.map((link) => link.url),
    ).toEqual(['/FloorPlan/videos', '/LocationEnvironment/intro', '/LocationEnvironment/primium'])
  })

  it('lays out the menu as the specification, with the press list under 홍보센터', () => {
    const nav = single('navigation')
    expect(nav.menu!.map((group) => group.title)).toEqual([
      '브랜드',
      '사업개요',
      '장기일반민간임대',
      '입지환경',
      '단지안내',
      '세대안내',
      '인테리어',
      '홍보센터',
    ])
    expect(nav.menu!.flatMap((group) => group.subMenu!.map((item) => item.subUrl))).toEqual([
      '/Brand/intro',
      '/Brand/video',
      '/BusinessGuide/intro',
      '/SalesInfo/SubscriptionGuide',
      '/LocationEnvironment/intro',
      '/LocationEnvironment/primium',
      '/ComplexGuide/intro',
      '/ComplexGuide/detailintro',
      '/ComplexGuide/community',
      '/FloorPlan/84A',
      '/FloorPlan/84B',
      '/FloorPlan/114A',
      '/FloorPlan/Emodel',
      '/Interior/59A',
      '/Interior/84A',
      '/Promotion/Customer',
      '/Promotion/Press',
    ])
    expect(nav.siteMenu!.map((item) => [item.title, item.segment])).toEqual([
      ['보도자료', 'press'],
      ['방문예약 등록', 'customer'],
    ])
  })

  it('has the cards, slides, videos, tours, unit types and sites the pages need', () => {
    expect(byType('locationCard')).toHaveLength(6)
    expect(byType('premiumSlide')).toHaveLength(7)
    const cards = byType('premiumCard').sort((a, b) => a.number! - b.number!)
    expect(cards.map((card) => [card.number, card.link])).toEqual([
      [1, '/BusinessGuide/intro'],
      [2, '/LocationEnvironment/intro'],
      [3, '/ComplexGuide/community'],
      [4, '/SalesInfo/SubscriptionGuide'],
    ])
    expect(
      byType('guideVideo')
        .map((video) => video.tabId)
        .sort(),
    ).toEqual([1, 2, 3])
    const tours = byType('emodelTour')
    expect(tours.map((tour) => tour.key).sort()).toEqual(['84A', '84B'])
    for (const tour of tours) {
      // A real tour of each unit: several rooms, every one reachable by hotspots from the start.
      expect(tour.rooms!.length, tour.key!).toBeGreaterThanOrEqual(6)
      expect(tourProblems(tour as TourValue), tour.key!).toEqual([])
      expect(unreachableRooms(tour as TourValue), tour.key!).toEqual([])
      for (const room of tour.rooms!)
        expect(room.hotspots!.length, `${tour.key} ${room.name}`).toBeGreaterThan(0)
    }
    const units = byType('unitType')
    expect(units.map((unit) => [unit.label, unit.slug!.current, unit.status])).toEqual([
      ['59A', '59A', 'comingSoon'],
      ['59B', '59B', 'comingSoon'],
      ['84A', '84A', 'available'],
      ['84B', '84B', 'available'],
      ['84C', '114A', 'available'],
      ['114B', '114B', 'comingSoon'],
      ['119B', '119B', 'comingSoon'],
    ])
    // The plans are drawings: no notice calls them photographs of the model house.
    for (const unit of units) expect(unit.notice).toMatch(/^※ 상기 평면도는 .*그린 것/)
    for (const unit of units) expect(unit.notice).not.toContain('촬영')
    // The complex is its supplied types: every unit of the 440 is one of them.
    const supplied = units.filter((unit) => unit.status === 'available')
    expect(supplied.map((unit) => unit.label)).toEqual(['84A', '84B', '84C'])
    expect(supplied.reduce((sum, unit) => sum + unit.households!, 0)).toBe(440)
    expect(byType('site').map((entry) => entry.slug!.current)).toEqual([
      'ulsan-lakepark',
      'yangsan-riverpark',
    ])
    expect(single('siteSettings').defaultSite!._ref).toBe('site-ulsan-lakepark')
  })

  it('has enough press posts on both sites to page through, with shared and distinct dates', () => {
    const posts = byType('press')
    expect(posts.length).toBeGreaterThanOrEqual(25)
    const perSite = new Map<string, number>()
    for (const post of posts) perSite.set(post.site!._ref, (perSite.get(post.site!._ref) ?? 0) + 1)
    expect(perSite.get('site-ulsan-lakepark')).toBeGreaterThan(10)
    expect(perSite.get('site-yangsan-riverpark')).toBeGreaterThan(0)
    const dates = posts.map((post) => post.date!)
    expect(new Set(dates).size).toBeLessThan(dates.length)
    expect(new Set(dates).size).toBeGreaterThan(20)
    for (const date of dates) expect(date >= '2025-01-01' && date < '2027-01-01').toBe(true)
  })
})

describe('schema rules', () => {
  const settings = single('siteSettings') as unknown as Doc
  const asDoc = (id: string) => seed.find((doc) => doc._id === id)!

  it('refuses an image without alt text, a malformed phone number and a duplicate page path', async () => {
    const broken = {
      ...settings,
      phone: '010-12-34',
      logo: {...(settings.logo as object), alt: ' '},
    } as Doc
    const messages = describeMarkers(await validate(broken, seed, 'studio'))
    expect(messages.some((message) => message.startsWith('error at ["phone"]'))).toBe(true)
    expect(
      messages.some(
        (message) =>
          message.startsWith('error at ["logo","alt"]') && message.includes('대체 텍스트'),
      ),
    ).toBe(true)

    const copy = {...asDoc('page-brand-intro'), _id: 'page-brand-intro-copy'}
    const duplicateMessages = describeMarkers(await validate(copy, [...seed, copy], 'studio'))
    expect(duplicateMessages).toContain('error at ["path"]: 같은 경로의 페이지가 이미 있습니다.')
  })

  it('refuses a tour key that is not letters, digits and hyphens: the build makes a folder of it', async () => {
    const tour = asDoc('emodelTour-84a')
    for (const key of ['?/../..', '../84A', '84A/x', '84 A', '84A.html', '타입']) {
      const messages = describeMarkers(await validate({...tour, key} as Doc, seed, 'studio'))
      expect(messages, key).toContain(
        'error at ["key"]: 영문자, 숫자, 하이픈(-)만 쓸 수 있습니다 (예: 84A).',
      )
    }
    expect(describeMarkers(await validate(tour, seed, 'studio'))).toEqual([])
  })

  it('needs a playable video on a guide-video tab and on a page: captions for files, a valid id for YouTube', async () => {
    const tab = asDoc('guideVideo-1')
    const video = tab.video as Record<string, unknown>
    const withoutCaptions = describeMarkers(
      await validate({...tab, video: {...video, captions: undefined}} as Doc, seed, 'studio'),
    )
    expect(withoutCaptions).toEqual([
      'error at ["video"]: 한국어 자막 파일(WebVTT, .vtt)을 올려 주세요. 소리 없이 보는 방문자와 청각장애인이 내용을 읽습니다.',
    ])
    const withoutVideo = describeMarkers(
      await validate({...tab, video: undefined} as Doc, seed, 'studio'),
    )
    expect(withoutVideo).toEqual(['error at ["video"]: 탭에 보일 영상을 넣어 주세요.'])
    const page = asDoc('page-brand-video')
    const youtube = (youtubeId: string) =>
      ({...page, video: {_type: 'videoSource', kind: 'youtube', youtubeId}}) as Doc
    expect(describeMarkers(await validate(youtube('dQw4w9WgXcQ'), seed, 'studio'))).toEqual([])
    expect(describeMarkers(await validate(youtube('not-an-id'), seed, 'studio'))).toEqual([
      'error at ["video"]: 유튜브 영상 ID는 11자리 영문·숫자·-·_ 입니다.',
    ])
  })

  it('reports fields the schema does not know', async () => {
    const markers = await validate({...settings, phoneNumber: '1661-0440'} as Doc)
    expect(markers.map((marker) => [marker.level, marker.path.join('.')])).toEqual([
      ['warning', 'phoneNumber'],
    ])
  })

  it('warns, without failing, about search texts past 60 and 160 characters', async () => {
    const long = {
      ...settings,
      seo: {...(settings.seo as object), title: '가'.repeat(61), description: '나'.repeat(161)},
    } as Doc
    const markers = await validate(long, seed, 'studio')
    expect(markers.map((marker) => [marker.level, marker.path.join('.')])).toEqual([
      ['warning', 'seo.title'],
      ['warning', 'seo.description'],
    ])
  })

  it('needs a floor plan only for unit types that are on show', async () => {
    const {image: _image, ...withoutImage} = asDoc('unitType-84a')
    expect(describeMarkers(await validate(withoutImage as Doc, seed, 'studio'))).toEqual([
      'error at ["image"]: 공개 상태의 타입에는 평면도가 필요합니다.',
    ])
    expect(await validate({...withoutImage, status: 'comingSoon'} as Doc)).toEqual([])
  })
})
