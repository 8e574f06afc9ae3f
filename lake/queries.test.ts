import {ClientError} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_TOKEN, type TestLake} from './test-lake.ts'

let t: TestLake
beforeAll(async () => {
  t = await startTestLake()
  const tx = t.client.transaction()
  tx.create({_id: 'site-a', _type: 'site', slug: {current: 'a'}, name: '가 단지'})
  tx.create({_id: 'site-b', _type: 'site', slug: {current: 'b'}, name: '나 단지'})
  // 25 posts on site a over 5 dates: five posts share each date, so paging must break ties by _id.
  for (let i = 0; i < 25; i++) {
    tx.create({
      _id: `press-${String(i).padStart(2, '0')}`,
      _type: 'press',
      site: {_type: 'reference', _ref: 'site-a'},
      title: `기사 ${i}`,
      date: `2025-0${1 + (i % 5)}-01`,
      views: i,
    })
  }
  tx.create({
    _id: 'press-b',
    _type: 'press',
    site: {_type: 'reference', _ref: 'site-b'},
    title: '다른 단지',
    date: '2025-03-01',
  })
  tx.create({
    _id: 'drafts.press-00',
    _type: 'press',
    site: {_type: 'reference', _ref: 'site-a'},
    title: '초안 제목',
    date: '2025-01-01',
  })
  tx.create({_id: 'drafts.only-draft', _type: 'press', title: '새 초안'})
  tx.create({_id: 'secret.config', _type: 'config', value: 42})
  await tx.commit()
})
afterAll(async () => {
  await t.stop()
})

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ClientError)
  return error as ClientError
}

const PAGE = `*[_type == "press" && site._ref == $siteId
  && (!defined($date) || date < $date || (date == $date && _id < $id))]
  | order(date desc, _id desc)[0...$limit]{_id, title, date, views}`

describe('queries through @sanity/client', () => {
  it('fetch with parameters', async () => {
    const site = await t.anonymous.fetch(
      '*[_type == "site" && slug.current == $slug][0]{_id, name}',
      {slug: 'b'},
    )
    expect(site).toEqual({_id: 'site-b', name: '나 단지'})
    expect(await t.anonymous.fetch('count(*[_type == $type])', {type: 'press'})).toBe(26)
  })

  it('knows its project and dataset, and the time', async () => {
    const info = await t.anonymous.fetch(
      '{"project": sanity::projectId(), "dataset": sanity::dataset(), "now": now()}',
    )
    expect(info).toMatchObject({project: 'testproj', dataset: 'test'})
    expect(Math.abs(Date.parse(info.now) - Date.now())).toBeLessThan(60_000)
  })

  it('joins across documents with ->', async () => {
    expect(await t.anonymous.fetch('*[_id == "press-b"][0].site->name')).toBe('나 단지')
  })

  it('answers {result, ms, query} and honours returnQuery=false', async () => {
    const full = await t.anonymous.fetch('1 + 1', {}, {filterResponse: false})
    expect(full).toMatchObject({result: 2, query: '1 + 1'})
    expect(typeof full.ms).toBe('number')
    const bare = await t.anonymous.fetch('1 + 1', {}, {filterResponse: false, returnQuery: false})
    expect(bare).not.toHaveProperty('query')
  })

  it('long queries go by POST and work the same', async () => {
    const padding = ` && title != "${'x'.repeat(12000)}"`
    const ids = await t.anonymous.fetch(`*[_type == "site"${padding}] | order(_id)._id`)
    expect(ids).toEqual(['site-a', 'site-b'])
    expect(t.logs.some((line) => line.startsWith('POST /v2025-02-19/data/query/test 200'))).toBe(
      true,
    )
  })

  it('a syntax error answers 400 queryParseError', async () => {
    const error = await failure(t.anonymous.fetch('*[_type == "press"'))
    expect(error.statusCode).toBe(400)
    expect(JSON.parse(error.responseBody ?? '{}').error.type).toBe('queryParseError')
  })

  it('a parameter the query uses but was not given answers 400, not an empty result', async () => {
    const error = await failure(t.anonymous.fetch('*[_type == "press" && site._ref == $siteId]'))
    expect(error.statusCode).toBe(400)
    expect(error.message).toContain('$siteId')
  })

  it('keyset paging order(date desc, _id desc) walks every post once, ties included', async () => {
    const seen: string[] = []
    let cursor: {date: string | null; id: string | null} = {date: null, id: null}
    for (let page = 0; page < 10; page++) {
      const rows: Array<{_id: string; date: string}> = await t.anonymous.fetch(PAGE, {
        siteId: 'site-a',
        date: cursor.date,
        id: cursor.id,
        limit: 11,
      })
      const items = rows.slice(0, 10)
      seen.push(...items.map((row) => row._id))
      if (rows.length <= 10) break
      const last = items[items.length - 1]!
      cursor = {date: last.date, id: last._id}
    }
    const expected = Array.from({length: 25}, (_, i) => ({
      id: `press-${String(i).padStart(2, '0')}`,
      date: `2025-0${1 + (i % 5)}-01`,
    }))
      .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
      .map((row) => row.id)
    expect(seen).toEqual(expected)
  })

  it('getDocument and getDocuments', async () => {
    expect((await t.anonymous.getDocument('site-a'))?.name).toBe('가 단지')
    expect(await t.anonymous.getDocument('nope')).toBeUndefined()
    const docs = await t.anonymous.getDocuments(['site-b', 'nope', 'site-a'])
    expect(docs.map((doc) => doc?._id ?? null)).toEqual(['site-b', null, 'site-a'])
  })
})

describe('perspectives', () => {
  it('published (the default) hides drafts', async () => {
    expect(await t.anonymous.fetch('*[_id == "press-00"][0].title')).toBe('기사 0')
    expect(await t.client.fetch('count(*[_id in path("drafts.**")])')).toBe(0)
  })

  it('drafts shows a draft in place of its published document', async () => {
    const drafts = t.clientFor({token: TEST_TOKEN, perspective: 'drafts'})
    const doc = await drafts.fetch('*[_id == "press-00"][0]{_id, _originalId, title}')
    expect(doc).toEqual({_id: 'press-00', _originalId: 'drafts.press-00', title: '초안 제목'})
    expect(await drafts.fetch('count(*[_type == "press"])')).toBe(27)
  })

  it('raw shows every document as stored', async () => {
    const raw = t.clientFor({token: TEST_TOKEN, perspective: 'raw'})
    expect(await raw.fetch('count(*[_type == "press"])')).toBe(28)
  })

  it(
    'without a perspective, a token reads raw before API ' +
      'version 2025-02-19 and published from it on, as on Sanity',
    async () => {
      const count = 'count(*[_type == "press"])'
      const withToken = (apiVersion: string) =>
        t.client.withConfig({apiVersion, perspective: undefined})
      for (const apiVersion of ['1', '2021-10-21', '2025-02-18'])
        expect(await withToken(apiVersion).fetch(count), apiVersion).toBe(28)
      for (const apiVersion of ['2025-02-19', '2026-01-01', 'X'])
        expect(await withToken(apiVersion).fetch(count), apiVersion).toBe(26)
      // Without a token the default is the published documents on every version.
      expect(
        await t.anonymous
          .withConfig({apiVersion: '2021-10-21', perspective: undefined})
          .fetch(count),
      ).toBe(26)
      // A perspective asked for is used on every version.
      expect(
        await withToken('2021-10-21').withConfig({perspective: 'published'}).fetch(count),
      ).toBe(26)
      expect(await withToken('2025-02-19').withConfig({perspective: 'raw'}).fetch(count)).toBe(28)
    },
  )

  it('an unknown perspective answers 400', async () => {
    const response = await fetch(
      `${t.lake.url}/v2025-02-19/data/query/test?query=1&perspective=nonsense`,
    )
    expect(response.status).toBe(400)
  })
})

describe('access like a public dataset', () => {
  it('anonymous readers do not see path ids, even when asked by id', async () => {
    expect(await t.anonymous.fetch('*[_id == "secret.config"]')).toEqual([])
    expect(await t.client.fetch('*[_id == "secret.config"][0].value')).toBe(42)
    const error = await failure(t.anonymous.getDocument('secret.config'))
    expect(error.statusCode).toBe(401)
    expect((await t.client.getDocument('secret.config'))?.value).toBe(42)
    expect((await t.client.getDocument('drafts.press-00'))?.title).toBe('초안 제목')
  })

  it('drafts and raw perspectives need the token', async () => {
    for (const perspective of ['drafts', 'raw'] as const) {
      const error = await failure(t.clientFor({perspective}).fetch('1'))
      expect(error.statusCode).toBe(401)
      expect(JSON.parse(error.responseBody ?? '{}').error.description).toBeTruthy()
    }
  })

  it('a wrong token is refused even for public reads', async () => {
    const error = await failure(t.clientFor({token: 'guess'}).fetch('1'))
    expect(error.statusCode).toBe(401)
  })
})

describe('CORS', () => {
  const url = () => `${t.lake.url}/v2025-02-19/data/query/test?query=1`

  it('answers the configured origin, preflight included', async () => {
    const preflight = await fetch(url(), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8888',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:8888')
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    )
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const response = await fetch(url(), {headers: {Origin: 'http://localhost:8888'}})
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:8888')
  })

  it(
    'answers the configured loopback origin under ' +
      'the other loopback name too, and only on its port',
    async () => {
      const response = await fetch(url(), {headers: {Origin: 'http://127.0.0.1:8888'}})
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8888')
      expect((await response.json()).result).toBe(1)
      for (const origin of [
        'http://127.0.0.1:8889',
        'http://localhost:8889',
        'https://localhost:8888',
      ]) {
        const other = await fetch(url(), {headers: {Origin: origin}})
        expect(other.status, origin).toBe(403)
      }
    },
  )

  it('gives other origins no CORS headers and no data', async () => {
    const preflight = await fetch(url(), {
      method: 'OPTIONS',
      headers: {Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST'},
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    for (const path of [
      '/v2025-02-19/data/query/test?query=*[_type=="press"][0]',
      '/v2025-02-19/data/doc/test/press-00',
    ]) {
      const response = await fetch(`${t.lake.url}${path}`, {
        headers: {Origin: 'https://evil.example'},
      })
      expect(response.status, path).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      const body = await response.json()
      expect(body.error.type).toBe('httpForbidden')
      expect(JSON.stringify(body)).not.toContain('기사')
    }
  })
})

describe('bad input', () => {
  const mutate = (body: string) =>
    fetch(`${t.lake.url}/v2025-02-19/data/mutate/test`, {
      method: 'POST',
      body,
      headers: {Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json'},
    })

  async function expectError(response: Response, status: number) {
    expect(response.status).toBe(status)
    const body = await response.json()
    expect(typeof body.error.description).toBe('string')
    expect(typeof body.error.type).toBe('string')
  }

  it('invalid JSON answers 400', async () => {
    await expectError(await mutate('{"mutations": ['), 400)
    await expectError(
      await fetch(`${t.lake.url}/v2025-02-19/data/query/test`, {method: 'POST', body: 'nope'}),
      400,
    )
    await expectError(
      await fetch(`${t.lake.url}/v2025-02-19/data/query/test?query=$a&$a=notjson`),
      400,
    )
  })

  it('a body over 4 MB answers 413', async () => {
    const big = JSON.stringify({
      mutations: [{create: {_type: 'press', text: 'x'.repeat(4 * 1024 * 1024)}}],
    })
    await expectError(await mutate(big), 413)
    // Also when the size is not announced up front (chunked upload).
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(32))
        controller.close()
      },
    })
    const chunked = await fetch(`${t.lake.url}/v2025-02-19/data/mutate/test`, {
      method: 'POST',
      body: stream,
      headers: {Authorization: `Bearer ${TEST_TOKEN}`},
      duplex: 'half',
    } as RequestInit)
    await expectError(chunked, 413)
    expect(await t.anonymous.fetch('1')).toBe(1)
  })

  it('unknown routes answer 404', async () => {
    await expectError(await fetch(`${t.lake.url}/v2025-02-19/data/frobnicate/test`), 404)
    await expectError(await fetch(`${t.lake.url}/nothing/here`), 404)
  })

  it('dataset names Sanity refuses answer 400', async () => {
    for (const name of ['Upper', 'with.dot', '-leading', 'x'.repeat(65), '%E0%A4%A']) {
      await expectError(await fetch(`${t.lake.url}/v2025-02-19/data/query/${name}?query=1`), 400)
    }
  })

  it('any valid dataset name works, each its own dataset', async () => {
    const other = t.clientFor({dataset: 'staging_2', token: TEST_TOKEN})
    await other.create({_id: 'only-here', _type: 'note'})
    expect(await other.fetch('count(*)')).toBe(1)
    expect(await t.client.getDocument('only-here')).toBeUndefined()
  })

  it('a wrong method answers 405', async () => {
    await expectError(await fetch(`${t.lake.url}/v2025-02-19/data/mutate/test`), 405)
  })

  it('logs one line per request with method, path, status and ms', async () => {
    await fetch(`${t.lake.url}/health`)
    expect(t.logs.at(-1)).toMatch(/^GET \/health 200 \d+ms$/)
  })
})
