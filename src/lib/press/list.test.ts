import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, type TestLake} from '#lake/test-lake.ts'
import {createLakeQuery, type LakeReader} from '#shared/lake-query.ts'
import {
  fetchPressListStart,
  fetchPressPageAfter,
  PRESS_PAGE_SIZE,
  pressNumber,
  type PressListItem,
} from './list.ts'

// The press list's GROQ against the real local Content Lake, read as the build reads it
// (the public, token-less @sanity/client) and as the browser does (createLakeQuery).

let t: TestLake

const sites = {ties: 25, ten: 10, twenty: 20, empty: 0, one: 1} as const
type SiteName = keyof typeof sites

// Posts of the "ties" site share dates four at a time, so only `_id` orders them within a date.
function dateOf(site: SiteName, n: number): string {
  const step = site === 'ties' ? Math.floor(n / 4) : n
  return new Date(Date.UTC(2026, 0, 1 + step, 1)).toISOString()
}

beforeAll(async () => {
  t = await startTestLake()
  const transaction = t.client.transaction()
  for (const [site, count] of Object.entries(sites) as Array<[SiteName, number]>) {
    transaction.create({
      _id: `site-${site}`,
      _type: 'site',
      name: site,
      slug: {_type: 'slug', current: site},
    })
    for (let n = 0; n < count; n++) {
      // Ids deliberately out of date order, so a sort on _id alone would be wrong.
      const id = `press-${site}-${String((n * 7) % count).padStart(2, '0')}-${n}`
      transaction.create({
        _id: id,
        _type: 'press',
        site: {_type: 'reference', _ref: `site-${site}`},
        title: `${site} ${n}`,
        date: dateOf(site, n),
      })
    }
  }
  // Neither a draft nor a post without a date is listed.
  transaction.create({
    _id: 'drafts.press-one-draft',
    _type: 'press',
    site: {_type: 'reference', _ref: 'site-one'},
    title: '초안',
    date: dateOf('one', 5),
  })
  transaction.create({
    _id: 'press-one-undated',
    _type: 'press',
    site: {_type: 'reference', _ref: 'site-one'},
    title: '날짜 없음',
  })
  await transaction.commit({visibility: 'sync'})
}, 30_000)

afterAll(async () => {
  await t?.stop()
})

const readers: Array<[string, () => LakeReader]> = [
  ['@sanity/client', () => t.anonymous],
  [
    'the browser reader',
    () =>
      createLakeQuery({
        projectId: TEST_PROJECT_ID,
        dataset: 'test',
        apiVersion: '2025-02-19',
        apiHost: t.lake.url,
      }),
  ],
]

/** Every page of a site as the list loads them: the first, then '더보기' while it is shown. */
async function loadAll(reader: LakeReader, site: SiteName) {
  const start = await fetchPressListStart(reader, site)
  if (!start) throw new Error(`no site ${site}`)
  const pages = [start.items]
  let hasMore = start.hasMore
  while (hasMore) {
    const next = await fetchPressPageAfter(
      reader,
      start.site._id,
      pages.flat().at(-1) as PressListItem,
    )
    pages.push(next.items)
    hasMore = next.hasMore
  }
  return {start, pages}
}

/** The order the list must show: date descending, then _id descending. */
function expectedOrder(items: PressListItem[]): string[] {
  return [...items]
    .sort((a, b) =>
      a.date === b.date ? (a._id < b._id ? 1 : -1) : (a.date ?? '') < (b.date ?? '') ? 1 : -1,
    )
    .map((item) => item._id)
}

describe.each(readers)(
  'press list paging (keyset on date desc, _id desc), read with %s',
  (_name, readerOf) => {
    let reader: LakeReader
    beforeAll(() => {
      reader = readerOf()
    })

    it('walks posts that tie on their date without skipping or repeating any', async () => {
      const {start, pages} = await loadAll(reader, 'ties')
      expect(start.total).toBe(25)
      expect(pages.map((page) => page.length)).toEqual([10, 10, 5])
      const ids = pages.flat().map((item) => item._id)
      expect(new Set(ids).size).toBe(25)
      expect(ids).toEqual(expectedOrder(pages.flat()))
      // A page boundary falls inside a group of equal dates (posts 12..15 share one date).
      expect(pages[0]?.at(-1)?.date).toBe(pages[1]?.[0]?.date)
    })

    it('shows exactly 10 posts as one page with no more to load', async () => {
      const {start, pages} = await loadAll(reader, 'ten')
      expect(start.total).toBe(10)
      expect(start.hasMore).toBe(false)
      expect(pages).toHaveLength(1)
      expect(pages[0]).toHaveLength(PRESS_PAGE_SIZE)
    })

    it('shows exactly 20 posts as two full pages, the second saying nothing is left', async () => {
      const {start, pages} = await loadAll(reader, 'twenty')
      expect(start.hasMore).toBe(true)
      expect(pages.map((page) => page.length)).toEqual([10, 10])
      expect(pages.flat().map((item) => item._id)).toEqual(expectedOrder(pages.flat()))
      expect(pages.flat()[0]?.title).toBe('twenty 19')
    })

    it('answers an empty site with no posts and nothing more', async () => {
      const start = await fetchPressListStart(reader, 'empty')
      expect(start).toMatchObject({
        total: 0,
        items: [],
        hasMore: false,
        site: {slug: 'empty', name: 'empty'},
      })
    })

    it('lists the one published, dated post of a site', async () => {
      const start = await fetchPressListStart(reader, 'one')
      expect(start?.total).toBe(1)
      expect(start?.hasMore).toBe(false)
      expect(start?.items).toEqual([
        {_id: 'press-one-00-0', title: 'one 0', date: dateOf('one', 0)},
      ])
    })

    it('answers null for an unknown site', async () => {
      expect(await fetchPressListStart(reader, 'nowhere')).toBeNull()
    })
  },
)

describe('the browser reader', () => {
  const requested: string[] = []
  const realFetch = globalThis.fetch
  const answering = (answer: Response) => {
    globalThis.fetch = async (input) => {
      requested.push(String(input))
      return answer
    }
  }
  afterEach(() => {
    globalThis.fetch = realFetch
    requested.length = 0
  })

  it("addresses Sanity's hosted API when no host is set, for published documents only", async () => {
    answering(Response.json({result: null}))
    await fetchPressListStart(
      createLakeQuery({
        projectId: 'abc123',
        dataset: 'production',
        apiVersion: '2025-02-19',
        apiHost: null,
      }),
      'ten',
    )
    const url = new URL(requested[0] ?? '')
    expect(url.origin + url.pathname).toBe(
      'https://abc123.api.sanity.io/v2025-02-19/data/query/production',
    )
    expect(url.searchParams.get('$site')).toBe('"ten"')
    expect(url.searchParams.get('perspective')).toBe('published')
  })

  it('rejects when the lake answers with an error, so the list keeps what it shows', async () => {
    answering(Response.json({error: {description: 'unavailable'}}, {status: 503}))
    const reader = createLakeQuery({
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: '2025-02-19',
      apiHost: null,
    })
    await expect(fetchPressListStart(reader, 'ten')).rejects.toThrow(/HTTP 503/)
  })
})

describe('pressNumber', () => {
  it('counts down from the total across pages', () => {
    expect([0, 9, 10, 24].map((index) => pressNumber(25, index))).toEqual([25, 16, 15, 1])
  })
})
