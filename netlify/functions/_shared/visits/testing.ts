import {afterAll, beforeAll, beforeEach, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, TEST_TOKEN, type TestLake} from '#lake/test-lake.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {lakeSiteLoader, SiteDirectory} from '../leads/sites.ts'
import {seedTextContent} from '../texts/testing.ts'
import type {TextContent} from '../texts/content.ts'
import {lakeHouseLoader, ModelHouses} from '../model-houses.ts'

/* Shared by the visit tests only (nothing in the functions imports it). */

/** Thursday 26 November 2026, 09:30 in Seoul. */
export const NOW = Date.parse('2026-11-26T09:30:00+09:00')
export const SITE = 'ulsan-lakepark'
export const OTHER_SITE = 'yangsan-riverpark'
export const NO_HOUSE_SITE = 'busan-seaside'

const hours = (weekdays: number[], opens: string, closes: string) =>
  weekdays.map((weekday) => ({_key: `h${weekday}`, _type: 'openingHours', weekday, opens, closes}))

/**
 * The two sites of the seed (Tuesday to Sunday half-hourly; Wednesday to Sunday hourly)
 * and one without a model house.
 */
async function seed(lake: TestLake): Promise<void> {
  await lake.client
    .transaction()
    .create({
      _id: 'site-a',
      _type: 'site',
      slug: {_type: 'slug', current: SITE},
      name: '솔담 레이크파크',
      modelHouse: {
        _type: 'modelHouse',
        address: '울산광역시 남구 삼산로 287',
        mapUrl: 'https://map.naver.com/p/search/solldam',
        hours: hours([0, 2, 3, 4, 5, 6], '10:00', '18:00'),
        closedDates: ['2026-12-02'],
        slotMinutes: 30,
        capacity: 4,
        bookingDays: 14,
        cutoffMinutes: 60,
        openOnHolidays: false,
      },
    })
    .create({
      _id: 'site-b',
      _type: 'site',
      slug: {_type: 'slug', current: OTHER_SITE},
      name: '솔담 리버파크',
      modelHouse: {
        _type: 'modelHouse',
        address: '경상남도 양산시 물금읍 강변로 150',
        hours: hours([0, 3, 4, 5, 6], '11:00', '17:00'),
        slotMinutes: 60,
        capacity: 6,
        bookingDays: 21,
        cutoffMinutes: 120,
      },
    })
    .create({
      _id: 'site-c',
      _type: 'site',
      slug: {_type: 'slug', current: NO_HOUSE_SITE},
      name: '솔담 씨사이드',
    })
    .commit()
}

/**
 * For a visit test file: the test database (emptied before each test) and a lake with
 * the sites, which the functions read through their environment.
 */
export function useVisitTestServices(): {lake: () => TestLake} {
  let lake: TestLake | undefined
  withTestDatabase()
  beforeAll(async () => {
    lake = await startTestLake()
    await seed(lake)
  }, 60_000)
  afterAll(async () => {
    await lake?.stop()
  })
  beforeEach(() => {
    vi.stubEnv('SANITY_API_HOST', lake!.lake.url)
    vi.stubEnv('SANITY_PROJECT_ID', TEST_PROJECT_ID)
    vi.stubEnv('SANITY_DATASET', 'test')
    vi.stubEnv('SANITY_WRITE_TOKEN', TEST_TOKEN)
    vi.stubEnv('AUTH_SECRET', 'visit-test-secret-visit-test-secret')
    return () => vi.unstubAllEnvs()
  })
  return {lake: () => lake!}
}

/**
 * The functions read the lake within 2 s, a bound for production; a busy test machine may
 * take longer, so the tests give it a bound that only a lake that hangs misses.
 */
const LAKE_DEADLINE_MS = 30_000

/** The test lake's model houses, as the visit functions read them. */
export const testHouses = () => new ModelHouses(() => lakeHouseLoader(LAKE_DEADLINE_MS))

/** The test lake's sites, as the registration reads them. */
export const testSiteDirectory = () => new SiteDirectory(() => lakeSiteLoader(LAKE_DEADLINE_MS))

/** The seed's templates, and the test site's model house for their variables. */
export const testTextContent = async (): Promise<TextContent> => ({
  ...(await seedTextContent()),
  sites: new Map([[SITE, {name: '시험 단지', address: '울산광역시 남구 시험로 1', mapUrl: null}]]),
})

/** The visit functions' dependencies at `now`: the test lake's houses and the texts above. */
export const visitDeps = (now = NOW) => ({
  clock: () => now,
  houses: testHouses(),
  texts: {content: testTextContent},
})

/** A seat count straight from the database. */
export async function bookedSeats(site: string, start: string): Promise<number> {
  const rows = await sql()<{booked: number}>`
    SELECT booked FROM visit_slots WHERE site = ${site} AND starts_at = ${start}::timestamptz`
  return rows[0]?.booked ?? 0
}

/** Every stored visit, read straight from the database. */
export async function storedVisits() {
  return sql()<{
    lead_id: string
    site: string
    starts_at: Date
    status: string
    revision: number
    last_change: string
  }>`
    SELECT lead_id, site, starts_at, status, revision, last_change FROM visits ORDER BY starts_at`
}

/** How many leads are stored. */
export async function leadCount(): Promise<number> {
  const rows = await sql()<{n: number}>`SELECT count(*)::int AS n FROM leads`
  return rows[0]?.n ?? 0
}
