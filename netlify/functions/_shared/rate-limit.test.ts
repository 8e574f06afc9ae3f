import {expect, it} from 'vitest'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
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

  it(
    'counts concurrent events one by one: of 15 at once from ' +
      'each of ten visitors, exactly the limit get through for each',
    async () => {
      const wide = {bucket: 'burst', limit: 10, windowS: 60}
      const visitors = Array.from({length: 10}, (_, i) => `burst-${i}`)
      // All the visitors' events at once: each visitor's counter has its own races to lose.
      const results = await Promise.all(
        visitors.flatMap((visitor) =>
          Array.from({length: 15}, async () => ({visitor, ...(await hit(wide, visitor, 5_000))})),
        ),
      )
      const allowed = visitors.map(
        (visitor) =>
          results.filter((result) => result.visitor === visitor && result.allowed).length,
      )
      expect(allowed).toEqual(visitors.map(() => 10))
    },
  )

  it('keeps visitors and buckets apart', async () => {
    const now = 2_000_000
    for (let i = 0; i < 3; i++) await hit(rule, 'visitor-c', now)
    expect((await hit(rule, 'visitor-c', now)).allowed).toBe(false)
    expect((await hit(rule, 'visitor-d', now)).allowed).toBe(true)
    expect((await hit({...rule, bucket: 'other'}, 'visitor-c', now)).allowed).toBe(true)
  })
})
