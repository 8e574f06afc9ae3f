import {stegaClean} from '@sanity/client/stega'
import {vercelStegaDecode} from '@vercel/stega'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_TOKEN, type TestLake} from './test-lake.ts'

let t: TestLake
beforeAll(async () => {
  t = await startTestLake()
  await t.client
    .transaction()
    .create({
      _id: 'homePage',
      _type: 'homePage',
      hero: {title: '호수 앞 440세대', subtitle: '10년 살아보고 결정'},
      points: [
        {_key: 'p1', _type: 'point', title: '역세권'},
        {_key: 'p2', _type: 'point', title: '공원'},
      ],
      tags: ['하나', '둘'],
    })
    .create({
      _id: 'drafts.homePage',
      _type: 'homePage',
      hero: {title: '초안 제목', subtitle: '초안 부제'},
      points: [],
    })
    .create({_id: 'site-a', _type: 'site', name: '가 단지', slug: {current: 'a'}})
    .create({
      _id: 'press-1',
      _type: 'press',
      title: '첫 기사',
      site: {_type: 'reference', _ref: 'site-a'},
    })
    .commit()
})
afterAll(async () => {
  await t.stop()
})

const withMap = (perspective: 'published' | 'drafts' = 'published') =>
  t
    .clientFor({token: TEST_TOKEN, perspective})
    .withConfig({resultSourceMap: 'withKeyArraySelector'})

describe('resultSourceMap', () => {
  it(
    'maps each string handed through to its ' + 'document and path, keyed array items by key',
    async () => {
      const {result, resultSourceMap} = await withMap().fetch(
        '*[_id == "homePage"][0]{"headline": hero.title, "sub": ' +
          'coalesce(hero.missing, hero.subtitle), points[]{title}, "first": tags[0]}',
        {},
        {filterResponse: false},
      )
      expect(result).toEqual({
        headline: '호수 앞 440세대',
        sub: '10년 살아보고 결정',
        points: [{title: '역세권'}, {title: '공원'}],
        first: '하나',
      })
      const source = (resultPath: string) => {
        const mapping = resultSourceMap?.mappings[resultPath]
        if (mapping?.source.type !== 'documentValue') return undefined
        return {
          document: resultSourceMap?.documents[mapping.source.document],
          path: resultSourceMap?.paths[mapping.source.path],
        }
      }
      expect(source("$['headline']")).toEqual({
        document: {_id: 'homePage', _type: 'homePage'},
        path: "$['hero']['title']",
      })
      expect(source("$['sub']")?.path).toBe("$['hero']['subtitle']")
      expect(source("$['points'][1]['title']")?.path).toBe("$['points'][?(@._key=='p2')]['title']")
      expect(source("$['first']")?.path).toBe("$['tags'][0]")
    },
  )

  it(
    'selects what the query selects: fields it ' +
      'filters, orders or compares by keep their values',
    async () => {
      const {result, resultSourceMap} = await withMap().fetch(
        '*[_type == "press" && site->slug.current == $site] | ' +
          'order(title asc){title, "site": site->name, "label": title + "!"}',
        {site: 'a'},
        {filterResponse: false},
      )
      expect(result).toEqual([{title: '첫 기사', site: '가 단지', label: '첫 기사!'}])
      const mapped = Object.keys(resultSourceMap?.mappings ?? {})
      // The title is ordered by, so it is not traced; the joined site name is; a built string never
      // is.
      expect(mapped).toEqual(["$[0]['site']"])
      expect(resultSourceMap?.documents).toEqual([{_id: 'site-a', _type: 'site'}])
    },
  )

  it('names the draft a drafts-perspective string was read from', async () => {
    const {result, resultSourceMap} = await withMap('drafts').fetch(
      '*[_id == "homePage"][0]{"headline": hero.title}',
      {},
      {filterResponse: false},
    )
    expect(result).toEqual({headline: '초안 제목'})
    expect(resultSourceMap?.documents).toEqual([{_id: 'drafts.homePage', _type: 'homePage'}])
  })

  it(
    'lets @sanity/client stega-encode the strings ' + 'with an edit link, which stegaClean removes',
    async () => {
      const client = withMap('drafts').withConfig({
        stega: {enabled: true, studioUrl: 'http://localhost:3333'},
      })
      const headline = await client.fetch<string>('*[_id == "homePage"][0].hero.title')
      expect(headline).not.toBe('초안 제목')
      expect(stegaClean(headline)).toBe('초안 제목')
      const decoded = vercelStegaDecode(headline) as {href: string; origin: string}
      expect(decoded.origin).toBe('sanity.io')
      expect(decoded.href).toContain('/intent/edit/')
      expect(decodeURIComponent(decoded.href)).toContain('id=homePage')
      expect(decodeURIComponent(decoded.href)).toContain('path=hero.title')
    },
  )

  it('is left out unless asked for', async () => {
    const answer = await t
      .clientFor({token: TEST_TOKEN})
      .fetch('*[_id == "homePage"][0].hero.title', {}, {filterResponse: false})
    expect(answer.resultSourceMap).toBeUndefined()
    expect(answer.result).toBe('호수 앞 440세대')
  })
})

describe('live events', () => {
  it(
    'sends a welcome, then a message with the tag every ' +
      'query answer carries after each visible change',
    async () => {
      const {syncTags} = await t.anonymous.fetch('count(*)', {}, {filterResponse: false})
      const seen: Array<{type: string; tags?: string[]}> = []
      const subscription = t
        .clientFor({token: TEST_TOKEN})
        .live.events({includeDrafts: true})
        .subscribe((event) => seen.push(event as {type: string; tags?: string[]}))
      try {
        await expect.poll(() => seen.map((event) => event.type)).toEqual(['welcome'])
        await t.client.createOrReplace({_id: 'drafts.press-1', _type: 'press', title: '초안 기사'})
        await expect.poll(() => seen.length).toBe(2)
        expect(seen[1]).toMatchObject({type: 'message', tags: syncTags})
      } finally {
        subscription.unsubscribe()
      }
    },
  )

  it(
    'without drafts, stays silent about a ' + 'change to a draft alone; drafts need a token',
    async () => {
      const seen: string[] = []
      const subscription = t.anonymous.live.events().subscribe((event) => seen.push(event.type))
      try {
        await expect.poll(() => seen).toEqual(['welcome'])
        await t.client.createOrReplace({
          _id: 'drafts.press-1',
          _type: 'press',
          title: '초안 기사 2',
        })
        await t.client.patch('press-1').set({title: '고친 기사'}).commit()
        await expect.poll(() => seen).toEqual(['welcome', 'message'])
      } finally {
        subscription.unsubscribe()
      }
      const refused = await fetch(
        `${t.lake.url}/v2025-02-19/data/live/events/test?includeDrafts=true`,
      )
      expect(refused.status).toBe(401)
    },
  )

  it('answers the CORS check the client makes when a stream fails', async () => {
    const check = (origin: string) =>
      fetch(`${t.lake.url}/v2025-02-19/check/cors`, {headers: {Origin: origin}}).then((answer) =>
        answer.json(),
      )
    expect(await check('http://localhost:8888')).toEqual({
      result: {allowed: true, withCredentials: true},
    })
    expect(await check('https://evil.example')).toEqual({
      result: {allowed: false, withCredentials: false},
    })
  })
})
