import type {Context} from '@netlify/functions'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, TEST_TOKEN, type TestLake} from '../../../lake/test-lake.ts'
import {withTestDatabase} from '../../../tests/helpers/test-database.ts'
import views from '../press-views.mts'

let lake: TestLake

withTestDatabase()

beforeAll(async () => {
  lake = await startTestLake()
  await lake.client
    .transaction()
    .create({
      _id: 'site-a',
      _type: 'site',
      slug: {_type: 'slug', current: 'site-a'},
      name: '사이트 A',
    })
    .create({
      _id: 'post-1',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '첫 글',
      views: 7,
    })
    .create({
      _id: 'post-no-count',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '조회수 없는 글',
    })
    .create({
      _id: 'post-busy',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '인기 글',
      views: 0,
    })
    .create({
      _id: 'drafts.post-draft',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '초안',
      views: 0,
    })
    .commit()
}, 60_000)
afterAll(async () => {
  await lake.stop()
})
beforeEach(() => {
  vi.stubEnv('SANITY_API_HOST', lake.lake.url)
  vi.stubEnv('SANITY_PROJECT_ID', TEST_PROJECT_ID)
  vi.stubEnv('SANITY_DATASET', 'test')
  vi.stubEnv('SANITY_WRITE_TOKEN', TEST_TOKEN)
  return () => vi.unstubAllEnvs()
})

function view(id: string, ip = '203.0.113.10'): Promise<Response> {
  return views(
    new Request(`http://localhost/api/press/${encodeURIComponent(id)}/views`, {method: 'POST'}),
    {ip} as Context,
  )
}

async function storedViews(id: string): Promise<unknown> {
  return (await lake.client.getDocument(id))?.views
}

describe('POST /api/press/:id/views', () => {
  it('counts one view and answers the new count', async () => {
    const res = await view('post-1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ok: true, views: 8})
    expect(await storedViews('post-1')).toBe(8)
    expect(await (await view('post-1', '203.0.113.11')).json()).toEqual({ok: true, views: 9})
  })

  it('starts a post without a count at 1', async () => {
    expect(await (await view('post-no-count')).json()).toEqual({ok: true, views: 1})
  })

  it('answers 404 for an unknown id, a draft, a document of another type and a malformed id', async () => {
    for (const id of [
      'no-such-post',
      'drafts.post-draft',
      'post-draft',
      'site-a',
      '../etc',
      'a'.repeat(200),
    ]) {
      const res = await view(id, '203.0.113.12')
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual({ok: false, error: '글을 찾을 수 없습니다.'})
    }
    expect(await storedViews('drafts.post-draft')).toBe(0)
    expect(await storedViews('site-a')).toBeUndefined()
  })

  it('answers 404, not a crash, for an id with a broken percent escape', async () => {
    for (const raw of ['%', '%E0%A4%A', '%C0%80', 'post-1%ZZ']) {
      const res = await views(
        new Request(`http://localhost/api/press/${raw}/views`, {method: 'POST'}),
        {ip: '203.0.113.14'} as Context,
      )
      expect(res.status, raw).toBe(404)
      expect(await res.json()).toEqual({ok: false, error: '글을 찾을 수 없습니다.'})
    }
  })

  it('stops one visitor after 30 views of one post in 10 minutes, with Retry-After', async () => {
    const ip = '198.51.100.20'
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await view('post-1', ip)).status)
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    const refused = await view('post-1', ip)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as {error: string}).error).toBe(
      '조회 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    )
    // The refused views were not counted, and other visitors still count.
    const before = (await storedViews('post-1')) as number
    expect(await (await view('post-1', '198.51.100.21')).json()).toEqual({
      ok: true,
      views: before + 1,
    })
  })

  it('stops one visitor after 60 views of any posts in 10 minutes', async () => {
    const ip = '198.51.100.30'
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await view(`sweep-${i}`, ip)).status)
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true)
    expect(statuses[60]).toBe(429)
    expect((await view('post-1', ip)).status).toBe(429)
    expect((await view('post-1', '198.51.100.31')).status).toBe(200)
  })

  it('answers the counts of concurrent views from many visitors without losing one', async () => {
    const before = (await storedViews('post-busy')) as number
    const answers = await Promise.all(
      Array.from({length: 40}, (_, i) => view('post-busy', `10.0.0.${i}`)),
    )
    const counts = await Promise.all(
      answers.map(async (res) => ((await res.json()) as {views: number}).views),
    )
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({length: 40}, (_, i) => before + i + 1))
  })

  it('refuses other methods', async () => {
    const res = await views(new Request('http://localhost/api/press/post-1/views'), {
      ip: '203.0.113.13',
    } as Context)
    expect(res.status).toBe(405)
  })
})
