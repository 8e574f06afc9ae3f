// @vitest-environment jsdom
import {fireEvent} from '@testing-library/dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {startScriptsOnceShown, type ScriptStart} from './start-scripts.ts'

const STARTUP = `
  <link rel="modulepreload" href="/assets/framework.js">
  <link rel="modulepreload" href="/assets/entry.client.js">
  <script type="module">import "/assets/manifest.js"</script>`

/** The picture's decoding, finished by the test. */
let decoded: {resolve: () => void; reject: () => void}

function page({picture = true} = {}) {
  document.body.innerHTML = `
    <main>${picture ? '<img fetchpriority="high" src="/hero.jpg" alt="">' : '<h1>보도자료</h1>'}</main>
    <template id="react-router-startup">${STARTUP}</template>`
}

const held = () => document.getElementById('react-router-startup') !== null
const preloads = () => [
  ...document.querySelectorAll<HTMLLinkElement>('body > link[rel="modulepreload"]'),
]

/** A frame (16 ms, the stub's) and the task after it. */
const FRAME = 17

let startup: ScriptStart
beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 16),
  )
  HTMLImageElement.prototype.decode = () =>
    new Promise<void>((resolve, reject) => {
      decoded = {resolve, reject: () => reject(new Error('broken'))}
    })
  Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true})
})
afterEach(() => {
  // Every test ends with the scripts started, so no listener of it waits on the next one.
  document.body.innerHTML = ''
  startup.start()
  vi.useRealTimers()
})

describe('startScriptsOnceShown', () => {
  it("keeps React Router's startup held until the main picture is decoded and drawn, then puts it in place", async () => {
    page()
    startup = startScriptsOnceShown()
    await vi.advanceTimersByTimeAsync(5000)
    expect(held()).toBe(true)
    decoded.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(held()).toBe(true)
    // The frame that draws it, then the scripts.
    await vi.advanceTimersByTimeAsync(FRAME)
    expect(held()).toBe(false)
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([
      '/assets/framework.js',
      '/assets/entry.client.js',
    ])
    expect(document.querySelector('body > script[type="module"]')?.textContent).toBe(
      'import "/assets/manifest.js"',
    )
  })

  it('starts after the first frame on a page without a main picture, and when the picture fails', async () => {
    page({picture: false})
    startup = startScriptsOnceShown()
    await vi.advanceTimersByTimeAsync(FRAME)
    expect(held()).toBe(false)

    page()
    startup = startScriptsOnceShown()
    decoded.reject()
    await vi.advanceTimersByTimeAsync(FRAME)
    expect(held()).toBe(false)
  })

  it.each(['pointerdown', 'touchstart', 'keydown', 'wheel'])(
    "starts at once on the visitor's first %s",
    (type) => {
      page()
      startup = startScriptsOnceShown()
      fireEvent(window, new Event(type))
      expect(held()).toBe(false)
    },
  )

  it('starts at once in a page opened in the background, where no frame is drawn', () => {
    Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true})
    page()
    startup = startScriptsOnceShown()
    expect(held()).toBe(false)
  })

  it('starts once, whatever comes after', async () => {
    page()
    startup = startScriptsOnceShown()
    fireEvent(window, new Event('keydown'))
    document.body.insertAdjacentHTML(
      'beforeend',
      `<template id="react-router-startup">${STARTUP}</template>`,
    )
    fireEvent(window, new Event('pointerdown'))
    decoded.resolve()
    await vi.advanceTimersByTimeAsync(FRAME)
    expect(held()).toBe(true)
  })

  it('tells when every preloaded module has arrived, and when one failed to', async () => {
    page()
    startup = startScriptsOnceShown()
    const arrived = vi.fn()
    const failed = vi.fn()
    startup.arrived.then(arrived, failed)
    startup.start()
    const [framework, entry] = preloads()
    fireEvent.load(framework!)
    await vi.advanceTimersByTimeAsync(0)
    expect(arrived).not.toHaveBeenCalled()
    fireEvent.load(entry!)
    await vi.advanceTimersByTimeAsync(0)
    expect(arrived).toHaveBeenCalledOnce()

    page()
    startup = startScriptsOnceShown()
    startup.arrived.then(arrived, failed)
    startup.start()
    fireEvent.error(preloads()[0]!)
    await vi.advanceTimersByTimeAsync(0)
    expect(failed).toHaveBeenCalledOnce()
  })

  it('has nothing to wait for on a page that holds no startup (the development server)', async () => {
    document.body.innerHTML = '<main></main>'
    startup = startScriptsOnceShown()
    const arrived = vi.fn()
    startup.arrived.then(arrived)
    startup.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(arrived).toHaveBeenCalledOnce()
  })
})
