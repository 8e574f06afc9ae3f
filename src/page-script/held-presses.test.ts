// @vitest-environment jsdom
import {fireEvent} from '@testing-library/dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {ARRIVAL_WAIT_MS, holdRegistrationPresses, replayButtonPresses} from './held-presses.ts'

const start = vi.fn()
const follow = vi.fn()
let arrive: () => void
let fail: () => void
/** Stops listening: the document outlives each test. */
let stop: () => void

beforeEach(() => {
  vi.useFakeTimers()
  start.mockClear()
  follow.mockClear()
  const arrived = new Promise<void>((resolve, reject) => {
    arrive = resolve
    fail = () => reject(new Error('not loaded'))
  })
  arrived.catch(() => undefined)
  stop = holdRegistrationPresses({start, arrived}, follow)
  document.body.innerHTML = `
    <a href="/ulsan-lakepark/customer" data-registration="hero">관심고객 등록</a>
    <a href="/Brand/intro">브랜드</a>`
})
afterEach(() => {
  stop()
  document.documentElement.removeAttribute('data-popup-ready')
  vi.useRealTimers()
})

const link = () => document.querySelector<HTMLAnchorElement>('[data-registration]')!
const press = (options: MouseEventInit = {}) => fireEvent.click(link(), {button: 0, ...options})

describe('a registration link pressed before the popup is ready', () => {
  it('stays on the page, shows that the press was taken and starts the scripts at once', () => {
    expect(press()).toBe(false)
    expect(link().hasAttribute('data-press-held')).toBe(true)
    expect(start).toHaveBeenCalledOnce()
  })

  it('waits for the popup however long the scripts take to start, once they have arrived', async () => {
    press()
    arrive()
    await vi.advanceTimersByTimeAsync(10 * ARRIVAL_WAIT_MS)
    expect(follow).not.toHaveBeenCalled()
  })

  it('leads to the customer page when the scripts have not arrived in time', async () => {
    press()
    await vi.advanceTimersByTimeAsync(ARRIVAL_WAIT_MS - 1)
    expect(follow).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(follow).toHaveBeenCalledExactlyOnceWith(link().href)
  })

  it('leads to the customer page at once when a script fails to arrive', async () => {
    press()
    fail()
    await vi.advanceTimersByTimeAsync(0)
    expect(follow).toHaveBeenCalledExactlyOnceWith(link().href)
  })

  it('stays once the popup has taken the press, even if the scripts then fail', async () => {
    press()
    link().removeAttribute('data-press-held')
    await vi.advanceTimersByTimeAsync(ARRIVAL_WAIT_MS)
    expect(follow).not.toHaveBeenCalled()
  })
})

describe('presses the page script leaves alone', () => {
  it('once the popup takes presses itself', () => {
    document.documentElement.setAttribute('data-popup-ready', '')
    expect(press()).toBe(true)
    expect(link().hasAttribute('data-press-held')).toBe(false)
  })

  it('asking for a new tab or window, or on other links', () => {
    expect(press({ctrlKey: true})).toBe(true)
    expect(press({shiftKey: true})).toBe(true)
    expect(fireEvent.click(document.querySelector('[href="/Brand/intro"]')!, {button: 0})).toBe(
      true,
    )
    expect(start).not.toHaveBeenCalled()
  })
})

describe('a button pressed before React has hydrated the page', () => {
  let stopReplaying: () => void
  beforeEach(() => {
    document.documentElement.removeAttribute('data-hydrated')
    document.body.insertAdjacentHTML(
      'beforeend',
      `<button type="button" id="overview">사업개요</button>
       <button type="button" id="location">입지환경</button>
       <button type="button" id="menu" command="show-modal" commandfor="m">메뉴 열기</button>
       <form><button type="submit" id="send">등록하기</button></form>`,
    )
    stopReplaying = replayButtonPresses()
  })
  afterEach(() => {
    stopReplaying()
    document.documentElement.removeAttribute('data-hydrated')
  })

  const button = (id: string) => document.getElementById(id)!
  /** Clicks React would see: made after the page was marked hydrated. */
  function reactClicks() {
    const clicks: string[] = []
    document.addEventListener('click', (event) => {
      if (document.documentElement.hasAttribute('data-hydrated'))
        clicks.push((event.target as Element).id)
    })
    return clicks
  }

  it('is made again, in order, once React has hydrated the page', async () => {
    const clicks = reactClicks()
    fireEvent.click(button('overview'))
    fireEvent.click(button('location'))
    fireEvent.click(button('overview'))
    expect(button('location').hasAttribute('data-press-held')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(clicks).toEqual([])
    document.documentElement.setAttribute('data-hydrated', '')
    await vi.advanceTimersByTimeAsync(0)
    expect(clicks).toEqual(['overview', 'location', 'overview'])
    expect(document.querySelector('[data-press-held]')).toBeNull()
  })

  it('is left to React once it has hydrated, and to the browser for submit buttons and invoker commands', async () => {
    const clicks = reactClicks()
    fireEvent.click(button('send'))
    fireEvent.click(button('menu'))
    document.documentElement.setAttribute('data-hydrated', '')
    await vi.advanceTimersByTimeAsync(0)
    fireEvent.click(button('overview'))
    await vi.advanceTimersByTimeAsync(0)
    expect(clicks).toEqual(['overview'])
  })
})
