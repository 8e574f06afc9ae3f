import type {Context} from '@netlify/functions'
import {afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, TEST_TOKEN, type TestLake} from '#lake/test-lake.ts'
import {editorialChanges} from '#scripts/lib/site-rebuilds.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../_shared/database.ts'
import viewCounts from '../press-view-counts.mts'
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
    })
    .create({
      _id: 'post-busy',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '인기 글',
    })
    .create({
      _id: 'drafts.post-draft',
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: '초안',
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

function counts(query: string): Promise<Response> {
  return viewCounts(new Request(`http://localhost/api/press/views${query}`))
}

async function storedViews(id: string): Promise<number | undefined> {
  const body = (await (await counts(`?ids=${id}`)).json()) as {views: Record<string, number>}
  return body.views[id]
}

describe('POST /api/press/:id/views', () => {
  it('counts one view and answers the new count, starting at 1', async () => {
    expect(await storedViews('post-1')).toBe(0)
    const res = await view('post-1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ok: true, views: 1})
    expect(await storedViews('post-1')).toBe(1)
    expect(await (await view('post-1', '203.0.113.11')).json()).toEqual({ok: true, views: 2})
  })

  it('changes no content: 100 views announce no change to the rebuild follower', async () => {
    const announced: string[] = []
    const welcomed = new Promise<void>((resolve) => {
      const subscription = editorialChanges(lake.anonymous).subscribe((event) => {
        if (event.type === 'welcome') resolve()
        if (event.type === 'mutation') announced.push(event.documentId)
      })
      onTestFinished(() => subscription.unsubscribe())
    })
    await welcomed
    const revision = (await lake.client.getDocument('post-busy'))?._rev
    for (let i = 0; i < 100; i++) expect((await view('post-busy', `10.1.0.${i}`)).status).toBe(200)
    expect(await storedViews('post-busy')).toBe(100)
    // An editor's change after them arrives: every announcement before it has arrived too.
    await lake.client.patch('post-1').set({title: '고친 글'}).commit({visibility: 'sync'})
    await vi.waitFor(() => expect(announced).toContain('post-1'), {timeout: 10_000})
    expect(announced).toEqual(['post-1'])
    expect((await lake.client.getDocument('post-busy'))?._rev).toBe(revision)
  })

  it(
    'answers 404 for an unknown id, a draft, a ' + 'document of another type and a malformed id',
    async () => {
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
      expect(await sql()`SELECT post_id FROM press_views`).toEqual([])
    },
  )

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
    expect(await (await view('post-1', '198.51.100.21')).json()).toEqual({ok: true, views: 31})
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

  it('takes both limits from PRESS_VIEWS_RATE_LIMIT, and none for 0', async () => {
    vi.stubEnv('PRESS_VIEWS_RATE_LIMIT', '4')
    const ip = '198.51.100.40'
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await view('post-1', ip)).status)
    // Half of the address's views for one post, then the rest for others.
    expect(statuses).toEqual([200, 200, 429])
    expect((await view('sweep-a', ip)).status).toBe(404)
    expect((await view('sweep-b', ip)).status).toBe(429)

    vi.stubEnv('PRESS_VIEWS_RATE_LIMIT', '0')
    for (let i = 0; i < 5; i++) expect((await view('post-1', ip)).status).toBe(200)
    vi.stubEnv('PRESS_VIEWS_RATE_LIMIT', undefined)
  })

  it('answers the counts of concurrent views from many visitors without losing one', async () => {
    const answers = await Promise.all(
      Array.from({length: 40}, (_, i) => view('post-busy', `10.0.0.${i}`)),
    )
    const counts = await Promise.all(
      answers.map(async (res) => ((await res.json()) as {views: number}).views),
    )
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({length: 40}, (_, i) => i + 1))
    expect(await storedViews('post-busy')).toBe(40)
  })

  it('refuses other methods', async () => {
    const res = await views(new Request('http://localhost/api/press/post-1/views'), {
      ip: '203.0.113.13',
    } as Context)
    expect(res.status).toBe(405)
  })
})

describe('GET /api/press/views', () => {
  it(
    'answers the counts of the posts asked for, ' + '0 for one nobody opened, briefly cached',
    async () => {
      await view('post-1')
      await view('post-1', '203.0.113.20')
      await view('post-busy')
      const res = await counts('?ids=post-1,post-busy,post-1,no-such-post')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=10, s-maxage=10')
      expect(await res.json()).toEqual({
        ok: true,
        views: {'post-1': 2, 'post-busy': 1, 'no-such-post': 0},
      })
    },
  )

  it('answers 400 with a Korean message for no ids, a malformed id or too many ids', async () => {
    const many = Array.from({length: 51}, (_, i) => `post-${i}`).join(',')
    for (const query of ['', '?ids=', '?ids=post-1,', '?ids=drafts.post-draft', `?ids=${many}`]) {
      const res = await counts(query)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toMatchObject({
        ok: false,
        error: '조회수를 볼 글을 1~50개까지 쉼표로 구분해 보내 주세요.',
      })
    }
  })

  it('refuses other methods', async () => {
    const res = await viewCounts(
      new Request('http://localhost/api/press/views?ids=post-1', {method: 'POST'}),
    )
    expect(res.status).toBe(405)
  })
})
