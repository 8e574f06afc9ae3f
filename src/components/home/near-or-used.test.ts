// @vitest-environment jsdom
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {nearOrUsed} from './near-or-used.ts'

/** A stand-in IntersectionObserver whose callbacks the test calls, as scrolling would. */
class FakeObserver {
  static all: FakeObserver[] = []
  observed: Element[] = []
  disconnected = false
  constructor(
    readonly callback: (entries: {isIntersecting: boolean}[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
}

const prerendered = () => {
  const box = document.createElement('div')
  box.innerHTML = '<form><input name="name"></form>'
  document.body.append(box)
  return box
}

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

beforeEach(() => {
  FakeObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

describe('nearOrUsed', () => {
  it('waits until the prerendered element is within three screens of the viewport', async () => {
    const box = prerendered()
    const wait = nearOrUsed(box)!
    const [observer] = FakeObserver.all
    expect(observer!.observed).toEqual([box])
    expect(observer!.options.rootMargin).toBe('300% 0px')
    observer!.callback([{isIntersecting: false}])
    expect(await settled(wait)).toBe(false)
    observer!.callback([{isIntersecting: true}])
    expect(await settled(wait)).toBe(true)
    expect(observer!.disconnected).toBe(true)
    // Settled: a render retried afterwards goes on at once.
    expect(nearOrUsed(box)).toBeNull()
  })

  it.each(['pointerdown', 'touchstart', 'keydown', 'focusin'])(
    'stops waiting at the first %s inside it, far from the viewport as it may be',
    async (type) => {
      const box = prerendered()
      const wait = nearOrUsed(box)!
      box.querySelector('input')!.dispatchEvent(new Event(type, {bubbles: true}))
      expect(await settled(wait)).toBe(true)
    },
  )

  it('keeps one wait per element, so that a retried render waits on the same one', () => {
    const box = prerendered()
    expect(nearOrUsed(box)).toBe(nearOrUsed(box))
    expect(FakeObserver.all).toHaveLength(1)
  })

  it('waits for nothing without prerendered content or without IntersectionObserver', () => {
    expect(nearOrUsed(null)).toBeNull()
    const empty = document.createElement('div')
    document.body.append(empty)
    expect(nearOrUsed(empty)).toBeNull()
    vi.stubGlobal('IntersectionObserver', undefined)
    expect(nearOrUsed(prerendered())).toBeNull()
  })
})
