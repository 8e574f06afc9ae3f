import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, type TestLake} from '#lake/test-lake.ts'
import {lakeSiteLoader, SiteDirectory, UNASSIGNED_SITE} from './sites.ts'

const info = {sites: new Set(['daegu', 'busan']), defaultSite: 'daegu', phone: '1661-0440'}

describe('SiteDirectory', () => {
  it('resolves the default site, accepts known sites and refuses unknown ones', async () => {
    const sites = new SiteDirectory(async () => info)
    expect(await sites.resolve(undefined)).toEqual({ok: true, site: 'daegu', phone: '1661-0440'})
    expect(await sites.resolve('busan')).toEqual({ok: true, site: 'busan', phone: '1661-0440'})
    expect(await sites.resolve('seoul')).toEqual({ok: false, phone: '1661-0440'})
  })

  it('reads the lake at most once a minute', async () => {
    let now = 0
    let reads = 0
    const sites = new SiteDirectory(
      async () => (reads++, info),
      60_000,
      () => now,
    )
    await sites.resolve(undefined)
    now = 59_999
    await sites.resolve('busan')
    expect(reads).toBe(1)
    now = 60_000
    await sites.resolve('busan')
    expect(reads).toBe(2)
  })

  it(
    'keeps using what it knew when the lake ' + 'fails, and does not retry for 10 seconds',
    async () => {
      let now = 0
      let reads = 0
      let up = true
      const sites = new SiteDirectory(
        async () => {
          reads++
          if (!up) throw new Error('lake down')
          return info
        },
        1000,
        () => now,
      )
      await sites.resolve(undefined)
      up = false
      now = 5000
      expect(await sites.resolve('seoul')).toEqual({ok: false, phone: '1661-0440'})
      now = 9000
      await sites.resolve(undefined)
      expect(reads).toBe(2)
      now = 15_001
      await sites.resolve(undefined)
      expect(reads).toBe(3)
    },
  )

  it('takes a well-formed site as given when the lake was never readable', async () => {
    const sites = new SiteDirectory(async () => {
      throw new Error('lake down')
    })
    expect(await sites.resolve('busan')).toEqual({ok: true, site: 'busan', phone: null})
    expect(await sites.resolve(undefined)).toEqual({ok: true, site: UNASSIGNED_SITE, phone: null})
  })
})

describe('lakeSiteLoader', () => {
  let t: TestLake
  beforeAll(async () => {
    t = await startTestLake()
    await t.client
      .transaction()
      .create({
        _id: 'site-daegu',
        _type: 'site',
        name: '대구',
        slug: {_type: 'slug', current: 'daegu'},
      })
      .create({
        _id: 'site-busan',
        _type: 'site',
        name: '부산',
        slug: {_type: 'slug', current: 'busan'},
      })
      .create({
        _id: 'drafts.site-seoul',
        _type: 'site',
        name: '서울',
        slug: {_type: 'slug', current: 'seoul'},
      })
      .create({
        _id: 'siteSettings',
        _type: 'siteSettings',
        phone: '1661-0440',
        defaultSite: {_type: 'reference', _ref: 'site-daegu'},
      })
      .commit({visibility: 'sync'})
    vi.stubEnv('SANITY_API_HOST', t.lake.url)
    vi.stubEnv('SANITY_PROJECT_ID', TEST_PROJECT_ID)
    vi.stubEnv('SANITY_DATASET', 'test')
  }, 30_000)
  afterAll(async () => {
    vi.unstubAllEnvs()
    await t?.stop()
  })

  it(
    'reads the published sites, the default ' + 'site and the main phone number from the lake',
    async () => {
      // A bound only a hang breaks: the 2 s a registration allows is the product's choice,
      // and a busy machine's first query can take longer.
      const info = await lakeSiteLoader(30_000)
      expect([...info.sites].sort()).toEqual(['busan', 'daegu'])
      expect(info).toMatchObject({defaultSite: 'daegu', phone: '1661-0440'})
    },
  )

  it(
    'fails when the lake cannot be reached, ' + 'so the directory falls back to what it has',
    async () => {
      vi.stubEnv('SANITY_API_HOST', 'http://127.0.0.1:9')
      try {
        await expect(lakeSiteLoader()).rejects.toThrow()
      } finally {
        vi.stubEnv('SANITY_API_HOST', t.lake.url)
      }
    },
  )
})
