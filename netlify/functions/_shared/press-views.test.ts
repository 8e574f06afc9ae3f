import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, type TestLake} from '../../../lake/test-lake.ts'
import {countView} from './press-views.ts'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
  await lake.client
    .transaction()
    .create({_id: 'busy', _type: 'press', title: '인기 글', views: 0})
    .create({_id: 'uncounted', _type: 'press', title: '조회수 없는 글'})
    .create({_id: 'drafts.draft', _type: 'press', title: '초안', views: 3})
    .create({_id: 'a-site', _type: 'site', slug: {_type: 'slug', current: 'a-site'}})
    .commit()
}, 60_000)
afterAll(async () => {
  await lake.stop()
})

describe('countView', () => {
  it('ends 500 concurrent views at exactly +500, each answered with a distinct count', async () => {
    const counts = await Promise.all(
      Array.from({length: 500}, () => countView('busy', lake.client)),
    )
    expect((await lake.client.getDocument('busy'))?.views).toBe(500)
    expect(new Set(counts).size).toBe(500)
    expect(Math.max(...(counts as number[]))).toBe(500)
  }, 60_000)

  it('starts a post without a count at 1', async () => {
    expect(await countView('uncounted', lake.client)).toBe(1)
  })

  it('touches neither drafts, nor other types, nor missing ids', async () => {
    expect(await countView('drafts.draft', lake.client)).toBeNull()
    expect(await countView('draft', lake.client)).toBeNull()
    expect(await countView('a-site', lake.client)).toBeNull()
    expect(await countView('missing', lake.client)).toBeNull()
    expect((await lake.client.getDocument('drafts.draft'))?.views).toBe(3)
    expect((await lake.client.getDocument('a-site'))?.views).toBeUndefined()
  })
})
