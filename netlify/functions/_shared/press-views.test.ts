import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, type TestLake} from '#lake/test-lake.ts'
import {forEachDatabase, withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from './database.ts'
import {countView, isPublishedPress, readViews} from './press-views.ts'

let lake: TestLake

withTestDatabase()

beforeAll(async () => {
  lake = await startTestLake()
  await lake.client
    .transaction()
    .create({_id: 'busy', _type: 'press', title: '인기 글'})
    .create({_id: 'quiet', _type: 'press', title: '조용한 글'})
    .create({_id: 'drafts.draft', _type: 'press', title: '초안'})
    .create({_id: 'a-site', _type: 'site', slug: {_type: 'slug', current: 'a-site'}})
    .commit()
}, 60_000)
afterAll(async () => {
  await lake.stop()
})

forEachDatabase('countView under concurrency', () => {
  it('ends 500 concurrent views at exactly 500, each answered with a distinct count', async () => {
    const counts = await Promise.all(
      Array.from({length: 500}, () => countView('busy', lake.client)),
    )
    expect(await readViews(['busy'])).toEqual({busy: 500})
    expect(new Set(counts).size).toBe(500)
    expect(Math.max(...(counts as number[]))).toBe(500)
  }, 60_000)
})

describe('countView', () => {
  it('counts neither drafts, nor other types, nor missing or malformed ids', async () => {
    for (const id of ['drafts.draft', 'draft', 'a-site', 'missing', '../busy'])
      expect(await countView(id, lake.client), id).toBeNull()
    expect(await sql()`SELECT post_id FROM press_views`).toEqual([])
  })
})

describe('isPublishedPress', () => {
  it('remembers a published post for minutes and an unknown id for seconds', async () => {
    const now = Date.parse('2026-11-26T00:00:00Z')
    expect(await isPublishedPress('quiet', lake.client, now)).toBe(true)
    expect(await isPublishedPress('later', lake.client, now)).toBe(false)
    await lake.client.delete('quiet')
    await lake.client.create({_id: 'later', _type: 'press', title: '나중 글'})
    // Within the windows the lake is not asked again.
    expect(await isPublishedPress('quiet', lake.client, now + 60_000)).toBe(true)
    expect(await isPublishedPress('later', lake.client, now + 5_000)).toBe(false)
    // After them it is.
    expect(await isPublishedPress('later', lake.client, now + 11_000)).toBe(true)
    expect(await isPublishedPress('quiet', lake.client, now + 6 * 60_000)).toBe(false)
  })
})

describe('readViews', () => {
  it('answers 0 for a post nobody opened', async () => {
    await countView('busy', lake.client)
    expect(await readViews(['busy', 'never-opened'])).toEqual({busy: 1, 'never-opened': 0})
  })
})
