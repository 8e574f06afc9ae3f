import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestBlobs} from '../../../tests/helpers/blobs-server.ts'
import {hit, peek, reset} from './rate-limit.ts'

describe('rate limit', () => {
  let blobs: Awaited<ReturnType<typeof startTestBlobs>>
  beforeAll(async () => {
    blobs = await startTestBlobs()
  })
  afterAll(async () => {
    await blobs.stop()
  })

  const rule = {bucket: 'test', limit: 3, windowS: 60}

  it('allows up to the limit, then refuses until the window ends', async () => {
    const now = 1_000_000
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hit(rule, 'visitor-a', now))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results[3]?.retryAfterS).toBe(20)
    expect((await hit(rule, 'visitor-a', now + 61_000)).allowed).toBe(true)
  })

  it('counts every one of many concurrent hits', async () => {
    const wide = {bucket: 'burst', limit: 1000, windowS: 60}
    await Promise.all(Array.from({length: 20}, () => hit(wide, 'visitor-b', 5_000)))
    expect((await peek(wide, 'visitor-b', 5_000)).remaining).toBe(980)
  })

  it('keeps visitors apart and forgets on reset', async () => {
    const now = 2_000_000
    for (let i = 0; i < 3; i++) await hit(rule, 'visitor-c', now)
    expect((await peek(rule, 'visitor-c', now)).allowed).toBe(false)
    expect((await peek(rule, 'visitor-d', now)).allowed).toBe(true)
    await reset(rule, 'visitor-c')
    expect((await peek(rule, 'visitor-c', now)).allowed).toBe(true)
  })
})
