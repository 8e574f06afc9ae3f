import {expect, it} from 'vitest'
import {forEachDatabase} from '../../../tests/helpers/test-database.ts'
import {hit} from './rate-limit.ts'

forEachDatabase('rate limit', () => {
  const rule = {bucket: 'test', limit: 3, windowS: 60}

  it('allows up to the limit, then refuses until the window ends', async () => {
    const now = 1_000_000
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hit(rule, 'visitor-a', now))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results[3]?.retryAfterS).toBe(20)
    expect((await hit(rule, 'visitor-a', now + 61_000)).allowed).toBe(true)
  })

  it('counts concurrent events one by one: of 25 at once, exactly the limit get through', async () => {
    const wide = {bucket: 'burst', limit: 10, windowS: 60}
    const results = await Promise.all(Array.from({length: 25}, () => hit(wide, 'visitor-b', 5_000)))
    expect(results.filter((result) => result.allowed)).toHaveLength(10)
  })

  it('keeps visitors and buckets apart', async () => {
    const now = 2_000_000
    for (let i = 0; i < 3; i++) await hit(rule, 'visitor-c', now)
    expect((await hit(rule, 'visitor-c', now)).allowed).toBe(false)
    expect((await hit(rule, 'visitor-d', now)).allowed).toBe(true)
    expect((await hit({...rule, bucket: 'other'}, 'visitor-c', now)).allowed).toBe(true)
  })
})
