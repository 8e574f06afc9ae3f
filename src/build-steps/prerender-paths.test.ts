import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, type TestLake} from '#lake/test-lake.ts'
import config from '#react-router.config.ts'

let lake: TestLake

beforeAll(async () => {
  lake = await startTestLake()
  await lake.client
    .transaction()
    .create({_id: 'site-a', _type: 'site', slug: {_type: 'slug', current: 'site-a'}, name: 'A'})
    .create({
      _id: 'press-a-1',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '글',
      date: '2026-11-01T00:00:00.000Z',
    })
    .create({_id: 'tour-84a', _type: 'emodelTour', key: '84A', order: 1, rooms: [{_key: 'r'}]})
    .commit()
}, 60_000)
afterAll(async () => {
  await lake.stop()
})
beforeEach(() => {
  vi.stubEnv('SANITY_API_HOST', lake.lake.url)
  vi.stubEnv('SANITY_PROJECT_ID', TEST_PROJECT_ID)
  vi.stubEnv('SANITY_DATASET', 'test')
  return () => vi.unstubAllEnvs()
})

/** What the build asks for: the pages React Router prerenders into its folder. */
async function buildPaths(): Promise<string[]> {
  const prerender = config.prerender as () => Promise<string[]>
  return prerender()
}

describe('the build’s page list', () => {
  it('has the tour, site and post pages of valid keys', async () => {
    expect(await buildPaths()).toEqual(
      expect.arrayContaining(['/tour/84A', '/site-a/press', '/site-a/press/press-a-1']),
    )
  })

  it('stops, naming the key, when a key written with a token would leave the build folder', async () => {
    const broken: Array<[string, Record<string, unknown> & {_type: string}, string]> = [
      [
        'tour-bad',
        {_type: 'emodelTour', key: '?/../..', rooms: [{_key: 'r'}]},
        'tour key "?/../.."',
      ],
      ['tour-dots', {_type: 'emodelTour', key: '..', rooms: [{_key: 'r'}]}, 'tour key ".."'],
      ['site-bad', {_type: 'site', slug: {_type: 'slug', current: '../x'}}, 'site slug "../x"'],
    ]
    for (const [id, doc, named] of broken) {
      await lake.client.createOrReplace({_id: id, ...doc})
      await expect(buildPaths(), id).rejects.toThrow(named)
      await lake.client.delete(id)
    }
    expect(await buildPaths()).toContain('/tour/84A')
  })
})
