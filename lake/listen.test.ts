import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {QueryPool} from './query-pool.ts'
import {startTestLake, TEST_TOKEN, type TestLake} from './test-lake.ts'

let t: TestLake
beforeAll(async () => {
  t = await startTestLake()
})
afterAll(async () => {
  await t.stop()
})

/** Opens a listener with fetch; its stream stays open until `close`. */
async function open(query: string, params: Record<string, unknown> = {}, token?: string) {
  const url = new URL(`${t.lake.url}/v2025-02-19/data/listen/test`)
  url.searchParams.set('query', query)
  for (const [name, value] of Object.entries(params))
    url.searchParams.set(`$${name}`, JSON.stringify(value))
  const controller = new AbortController()
  const response = await fetch(url, {
    signal: controller.signal,
    headers: token ? {Authorization: `Bearer ${token}`} : {},
  })
  const close = () => {
    controller.abort()
    return response.body?.cancel().catch(() => undefined)
  }
  return {response, close}
}

/**
 * Opens a listener once the lake has a slot for it: the lake counts a closed listener out
 * when it sees the connection close, which the client cannot await. The deadline is far
 * past that moment on any machine, so only a slot never given back runs it out.
 */
async function openWhenFree(deadline: number, query: string) {
  for (;;) {
    const listener = await open(query)
    if (listener.response.status !== 429 || Date.now() > deadline) return listener
    await listener.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

// PER_ADDRESS of listen.ts.
const PER_ADDRESS = 32

describe('listener limits', () => {
  it('refuses a filter too costly for every commit (400), token or not', async () => {
    const split = 'string::split($text, "")'
    const query = `*[count(${split}[]{"a": ${split}[]{"b": ${split}}}) > 0]`
    for (const token of [undefined, TEST_TOKEN]) {
      // Refused as it opens, by the estimate: no commit has come to evaluate it over.
      const {response, close} = await open(query, {text: 'ab'.repeat(150)}, token)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: {type: 'queryTooExpensiveError', description: expect.stringContaining('Listener')},
      })
      await close()
    }
    // The Studio's and the site's filters stay far below the limit and open as before.
    const plain = await open('*[_type == "press" && _id in $ids]', {ids: ['a', 'drafts.a']})
    expect(plain.response.status).toBe(200)
    expect(plain.response.headers.get('content-type')).toContain('text/event-stream')
    await plain.close()
  })

  it('answers a listener past the cap of one address with a 429, until one closes', async () => {
    const opened = []
    for (let i = 0; i < PER_ADDRESS; i++) {
      const listener = await open('*[_type == "press"]')
      expect(listener.response.status).toBe(200)
      opened.push(listener)
    }
    const refused = await open('*[_type == "press"]')
    expect(refused.response.status).toBe(429)
    expect(await refused.response.json()).toMatchObject({error: {type: 'rateLimitedError'}})
    await opened.pop()?.close()
    const again = await openWhenFree(Date.now() + 10_000, '*[_type == "press"]')
    expect(again.response.status).toBe(200)
    await again.close()
    await Promise.all(opened.map((listener) => listener.close()))
    // Every listener was counted out: all PER_ADDRESS may open again, at once.
    const deadline = Date.now() + 10_000
    const reopened = []
    for (let i = 0; i < PER_ADDRESS; i++) {
      const listener = await openWhenFree(deadline, '*[_type == "press"]')
      expect(listener.response.status).toBe(200)
      reopened.push(listener)
    }
    await Promise.all(reopened.map((listener) => listener.close()))
  }, 30_000)
})

describe('listener filters in the query workers', () => {
  const split = 'string::split($text, "")'
  // Every character of the text against the others, for every character: 400 characters
  // take about a second on a fast machine, growing with the square of the length; 4,000
  // over a minute even there, so the time limit, not the machine, stops it.
  const slowFilter = `*[count(${split}[count(${split}[@ in ${split}]) > 0]) > 0]`
  // Not the lake's own (MATCH_TIME_LIMIT_MS), so that its message shows this one stopped the
  // filter. Far above what the plain filter below takes on a fresh worker (a few ms): the
  // limit also runs for it, and a busy machine must not stop it.
  const MATCH_TIME_LIMIT_MS = 2000

  it('stops a filter past its time limit, and the next filter runs on a fresh worker', async () => {
    // One worker: the plain filter can only run on the one started after the first was
    // stopped. Most of the test's time is those two workers starting (tsx loads each one),
    // which takes seconds on a busy machine; its timeout is for a hang.
    const pool = new QueryPool({maxWorkers: 1, matchTimeLimitMs: MATCH_TIME_LIMIT_MS})
    try {
      const doc = {_id: 'a', _type: 'press', _rev: 'r', _createdAt: '', _updatedAt: ''}
      const slow = pool.match(
        {kind: 'match', filter: slowFilter, params: {text: 'ab'.repeat(2000)}, docs: [doc]},
        'client',
      )
      await expect(slow).rejects.toMatchObject({
        status: 400,
        type: 'queryTimeLimitError',
        message: expect.stringContaining('time limit of 2 s'),
      })
      const plain = {kind: 'match' as const, filter: '*[_type == "press"]', params: {}}
      expect(await pool.match({...plain, docs: [doc, null, {...doc, _type: 'x'}]}, 'c')).toEqual([
        true,
        false,
        false,
      ])
    } finally {
      await pool.close()
    }
  }, 120_000)

  it('announces the matching changes to a listener in commit order', async () => {
    const url = new URL(`${t.lake.url}/v2025-02-19/data/listen/test`)
    url.searchParams.set('query', '*[_type == "order"]')
    const controller = new AbortController()
    const response = await fetch(url, {signal: controller.signal})
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    for (let i = 0; i < 5; i++)
      await t.client.createOrReplace({_id: `order-${i}`, _type: i === 2 ? 'other' : 'order'})
    let text = ''
    while ((text.match(/event: mutation/g) ?? []).length < 4) text += (await reader.read()).value
    const ids = [...text.matchAll(/"documentId":"([^"]+)"/g)].map((match) => match[1])
    expect(ids).toEqual(['order-0', 'order-1', 'order-3', 'order-4'])
    controller.abort()
  })
})
