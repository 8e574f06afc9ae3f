import {ClientError} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {MAX_QUERIES_PER_CLIENT} from './query-pool.ts'
import {startTestLake, type TestLake} from './test-lake.ts'

const DOCUMENTS = 100
// Far above what the tests' plain queries and three nested scans take however busy the
// machine (they must finish under it), far below what four nested scans take on any.
const TIME_LIMIT_MS = 15_000
// The lake whose limit the runaway queries meet: far above a plain count's time, and short,
// because each runaway keeps a core busy until it.
const SHORT_TIME_LIMIT_MS = 3_000

/** `levels` scans, each inside the one before: the work grows as DOCUMENTS to that power. */
function nestedScans(levels: number): string {
  let query = `_id != ^${'.^'.repeat(levels - 2)}._id`
  for (let level = 0; level < levels; level++) query = `count(*[${query}]) > 0`
  return query.replace(/ > 0$/, '')
}

async function lakeOfThings(queryTimeLimitMs: number): Promise<TestLake> {
  const lake = await startTestLake({queryTimeLimitMs})
  const tx = lake.client.transaction()
  for (let i = 0; i < DOCUMENTS; i++) tx.create({_id: `doc-${i}`, _type: 'thing', n: i})
  await tx.commit()
  return lake
}

let t: TestLake
let short: TestLake
beforeAll(async () => {
  ;[t, short] = await Promise.all([lakeOfThings(TIME_LIMIT_MS), lakeOfThings(SHORT_TIME_LIMIT_MS)])
})
afterAll(async () => {
  await Promise.all([t?.stop(), short?.stop()])
})

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ClientError)
  return error as ClientError
}

describe('query limits', () => {
  it('spells the nested probe the way the review sent it', () => {
    expect(nestedScans(3)).toBe('count(*[count(*[count(*[_id != ^.^._id]) > 0]) > 0])')
  })

  it(
    'keeps answering while a query runs, and ' + 'stops that query at the time limit with a 400',
    async () => {
      expect(await short.anonymous.fetch('count(*)')).toBe(DOCUMENTS)
      const order: string[] = []
      // Five levels over 100 documents would run for many minutes: only the time limit ends it.
      const heavy = failure(short.client.fetch(nestedScans(5))).then((error) => {
        order.push('heavy')
        return error
      })
      await new Promise((resolve) => setTimeout(resolve, 200))
      const count = await short.anonymous.fetch('count(*[_type == "thing"])')
      order.push('count')
      expect(count).toBe(DOCUMENTS)
      const error = await heavy
      expect(order).toEqual(['count', 'heavy'])
      expect(error.statusCode).toBe(400)
      expect(error.response.body).toMatchObject({
        error: {type: 'queryTimeLimitError', description: expect.stringContaining('time limit')},
      })

      // The stopped worker's place is taken by one that has every write.
      await short.client.create({_id: 'after-stop', _type: 'thing', n: -1})
      expect(await short.anonymous.fetch('count(*[_type == "thing"])')).toBe(DOCUMENTS + 1)
      await short.client.delete('after-stop')
    },
    60_000,
  )

  it(
    'refuses a reader without a token a query of nested ' +
      "scans at once, with a 400 in Sanity's error shape",
    async () => {
      const error = await failure(t.anonymous.fetch(nestedScans(3)))
      expect(error.statusCode).toBe(400)
      expect(error.response.body).toMatchObject({
        error: {type: 'queryTooExpensiveError', description: expect.stringContaining('token')},
      })
      // A caller with a token is trusted with it (the time limit still holds).
      expect(await t.client.fetch(nestedScans(3))).toBe(DOCUMENTS)
    },
    60_000,
  )

  it('refuses nested string::split over a parameter without a token, at once', async () => {
    const text = 'ab'.repeat(150)
    const split = 'string::split($text, "")'
    const query = `count(${split}[]{"a": ${split}[]{"b": ${split}}})`
    // Refused by the estimate, before it runs: run, it would have answered or been stopped
    // by the time limit (queryTimeLimitError), never this.
    const error = await failure(t.anonymous.fetch(query, {text}))
    expect(error.statusCode).toBe(400)
    expect(error.response.body).toMatchObject({error: {type: 'queryTooExpensiveError'}})
    // Going through a split of a field: its size is unknown until it runs.
    const overField = await failure(t.anonymous.fetch('*[count(string::split(_id, "")) > 3]'))
    expect(overField.response.body).toMatchObject({error: {type: 'queryTooExpensiveError'}})
    expect(await t.client.fetch(query, {text: 'abc'})).toBe(3)
    expect(await t.anonymous.fetch(`count(${split})`, {text})).toBe(300)
  }, 30_000)

  it('answers a client without a token past its queries waiting or running a 429', async () => {
    // Two queries with a token keep both workers busy until the time limit: what a reader
    // without a token sends meanwhile waits, and only MAX_QUERIES_PER_CLIENT of them may.
    const hogs = [1, 2].map(() => short.client.fetch(nestedScans(5)).catch(() => undefined))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const outcomes = await Promise.all(
      // fetch, not @sanity/client: its HTTP agent would hold some back on the client side.
      Array.from({length: MAX_QUERIES_PER_CLIENT + 4}, async () => {
        const query = encodeURIComponent('count(*[_type == "thing"])')
        const answer = await fetch(`${short.lake.url}/v2025-02-19/data/query/test?query=${query}`)
        const body = (await answer.json()) as {error?: {type: string}}
        if (answer.status === 429) expect(body).toMatchObject({error: {type: 'rateLimitedError'}})
        return answer.status
      }),
    )
    await Promise.all(hogs)
    expect(outcomes.filter((status) => status === 200)).toHaveLength(MAX_QUERIES_PER_CLIENT)
    expect(outcomes.filter((status) => status === 429)).toHaveLength(4)
  }, 60_000)
})
