import {describe, expect, it, vi} from 'vitest'

// The module keeps the page's state: each test starts from a fresh copy.
const load = async () => {
  vi.resetModules()
  return import('./hydration.ts')
}

describe('the first hydration, split into tasks', () => {
  it('holds boundaries back only while the first pass runs', async () => {
    const {hydration, hydrateFirstPass} = await load()
    const seen: boolean[][] = []
    expect([hydration.active, hydration.deferring]).toEqual([false, false])
    hydrateFirstPass(() => seen.push([hydration.active, hydration.deferring]))
    expect(seen).toEqual([[true, true]])
    expect([hydration.active, hydration.deferring]).toEqual([false, false])
  })

  it('lets each boundary hydrate in a task of its own, still as hydration, and settles when the last has', async () => {
    const {hydration, hydrateFirstPass, laterTask, whenHydrated} = await load()
    const events: string[] = []
    hydrateFirstPass(() => {
      for (const name of ['footer', 'popup']) {
        void laterTask().then(async () => {
          events.push(`${name} ${hydration.active ? 'hydrating' : 'rendering'}`)
          // Whatever the hydration queues in its task runs to the end before the next boundary's task.
          for (let turn = 0; turn < 20; turn++) await Promise.resolve()
          events.push(`${name} done`)
        })
      }
    })
    expect(events).toEqual([])
    await whenHydrated()
    expect(events).toEqual(['footer hydrating', 'footer done', 'popup hydrating', 'popup done'])
    expect(hydration.active).toBe(false)
  })

  it('holds back the boundaries inside a boundary that hydrates later, each to a task of its own', async () => {
    const {hydration, hydrateFirstPass, laterTask, whenHydrated} = await load()
    const events: string[] = []
    hydrateFirstPass(() => {
      void laterTask().then(() => {
        events.push(`page ${hydration.deferring ? 'holds back' : 'hydrates'} its sections`)
        void laterTask().then(() => events.push('section'))
        events.push('page done')
      })
    })
    await whenHydrated()
    expect(events).toEqual(['page holds back its sections', 'page done', 'section'])
    expect(hydration.deferring).toBe(false)
  })

  it('is settled at once where nothing was held back (React, or a page without boundaries)', async () => {
    const {hydrateFirstPass, whenHydrated} = await load()
    await expect(whenHydrated()).resolves.toBeUndefined()
    hydrateFirstPass(() => {})
    await expect(whenHydrated()).resolves.toBeUndefined()
  })

  it('marks every boundary in the prerender without waiting for any task', async () => {
    const {hydration, laterTask, markBoundariesInPrerender, whenHydrated} = await load()
    markBoundariesInPrerender()
    expect(hydration.deferring).toBe(true)
    expect(hydration.active).toBe(false)
    await expect(laterTask()).resolves.toBeUndefined()
    await expect(whenHydrated()).resolves.toBeUndefined()
  })
})
