// @vitest-environment jsdom
import {describe, expect, it} from 'vitest'
import {deferStartup} from './deferred-startup.ts'

// The end of a page as React Router prerenders it.
const CONTEXT_SCRIPT = '<script>window.__reactRouterContext = {"ssr":false};</script>'
const PAGE = [
  '<!DOCTYPE html><html lang="ko"><head><link rel="stylesheet" href="/assets/root.css"/></head><body>',
  // The header's logo is fetched first too; the page's main picture is the hero in <main>.
  '<header><a href="/"><img src="/logo.svg" fetchpriority="high" alt=""/></a></header>',
  '<main><picture><img src="/hero.webp" fetchpriority="high" alt="단지 전경"/></picture><p>본문</p></main>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js"/><link rel="modulepreload" href="/assets/root-4.js"/>',
  '<link rel="modulepreload" href="/assets/home-5.js"/>',
  CONTEXT_SCRIPT,
  '<script type="module" async>import "/assets/manifest-1.js"; import * as route0 from "/assets/root-4.js"; ',
  'import * as route1 from "/assets/home-5.js";      window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};  ',
  'import("/assets/entry.client-2.js");</script>',
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>',
].join('')

interface Browser {
  /** Module addresses in the order the page imported them. */
  imported: string[]
  /** Addresses the page fetched, in order. */
  fetched: string[]
  /** What the page fed React Router's context stream, and whether it closed it. */
  stream: {chunks: string[]; closed: boolean}
  /** Draws the next frame: animation frame callbacks, then the tasks queued to run at once. */
  drawFrame(): Promise<void>
  /** Lets time pass: every task queued so far runs, those queued with a delay too. */
  passTime(): Promise<void>
  /** Lets the hero picture finish decoding. */
  decodeHero(): void
}

const routeModules = () => (window as unknown as {__reactRouterRouteModules?: Record<string, unknown>}).__reactRouterRouteModules

/** Lets promise callbacks and the test environment's own tasks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Loads `html` and runs its module script, with frames, tasks and imports in the test's hands. */
function open(
  html: string,
  {
    visibility = 'visible',
    answer = () => new Response(''),
  }: {visibility?: DocumentVisibilityState; answer?: (href: string) => Response} = {},
): Browser {
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML
  delete (window as unknown as {__reactRouterRouteModules?: unknown}).__reactRouterRouteModules
  const imported: string[] = []
  const fetched: string[] = []
  const stream = {chunks: [] as string[], closed: false}
  Object.assign(window, {
    __reactRouterContext: {
      streamController: {enqueue: (chunk: string) => stream.chunks.push(chunk), close: () => (stream.closed = true)},
    },
  })
  const frames: (() => void)[] = []
  const tasks: {callback: () => void; delay: number}[] = []
  const runTasks = async (due: (task: (typeof tasks)[number]) => boolean) => {
    await settle()
    for (const task of tasks.filter(due)) {
      tasks.splice(tasks.indexOf(task), 1)
      task.callback()
    }
    await settle()
  }
  let decodeHero = () => {}
  Object.defineProperty(document, 'visibilityState', {value: visibility, configurable: true})
  // The hero in <main> decodes when the test says; any other picture (the logo) at once.
  Object.assign(HTMLImageElement.prototype, {
    decode(this: HTMLImageElement) {
      return this.closest('main') ? new Promise<void>((resolve) => (decodeHero = resolve)) : Promise.resolve()
    },
  })
  const script = document.querySelector('script[type="module"]')!.textContent!
  const run = new Function(
    'importModule',
    'requestAnimationFrame',
    'setTimeout',
    'fetch',
    script.replaceAll('import(', 'importModule('),
  ) as (...args: unknown[]) => void
  run(
    (href: string) => {
      imported.push(href)
      return Promise.resolve({href})
    },
    (callback: () => void) => frames.push(callback),
    (callback: () => void, delay = 0) => tasks.push({callback, delay}),
    async (href: string) => {
      fetched.push(href)
      return answer(href)
    },
  )
  return {
    imported,
    fetched,
    stream,
    async drawFrame() {
      await settle()
      for (const callback of frames.splice(0)) callback()
      await runTasks((task) => task.delay === 0)
    },
    passTime: () => runTasks(() => true),
    decodeHero: () => decodeHero(),
  }
}

describe("the page's scripts start after its first frame", () => {
  const deferred = deferStartup(PAGE)

  it('leaves no module for the browser to fetch with the first screen', () => {
    expect(deferred).not.toContain('rel="modulepreload"')
    expect(deferred.match(/<script type="module"/g)).toHaveLength(1)
    expect(deferred).toContain(CONTEXT_SCRIPT)
    expect(deferred).toContain('<main><picture>')
  })

  it('imports the modules once the main picture is decoded and a frame drawn and the first screen has settled, then puts the preloads where React Router put them, in tasks of their own', async () => {
    const page = open(deferred)
    await page.drawFrame()
    expect(page.imported).toEqual([])
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0)

    page.decodeHero()
    await page.drawFrame()
    expect(page.imported).toEqual([])
    await page.passTime()
    expect(page.imported).toEqual(['/assets/manifest-1.js', '/assets/root-4.js', '/assets/home-5.js', '/assets/entry.client-2.js'])
    expect(routeModules()).toEqual({root: {href: '/assets/root-4.js'}, 'routes/home': {href: '/assets/home-5.js'}})
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0)

    await page.passTime()
    const preloads = [...document.querySelectorAll('link[rel="modulepreload"]')]
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/manifest-1.js',
      '/assets/entry.client-2.js',
      '/assets/framework-3.js',
      '/assets/root-4.js',
      '/assets/home-5.js',
    ])
    expect(preloads.at(-1)!.nextElementSibling!.textContent).toContain('window.__reactRouterContext = ')
  })

  it('however long the first screen has had to settle, waits for the main picture, not the logo', async () => {
    const page = open(deferred)
    await page.drawFrame()
    await page.passTime()
    expect(page.imported).toEqual([])

    page.decodeHero()
    await page.drawFrame()
    expect(page.imported).toContain('/assets/entry.client-2.js')
    await page.passTime()
    expect(page.imported.filter((href) => href.includes('entry.client'))).toHaveLength(1)
  })

  it('with the main picture drawn at once, waits for the first screen to settle', async () => {
    const page = open(deferred)
    page.decodeHero()
    await page.drawFrame()
    expect(page.imported).toEqual([])
    await page.passTime()
    expect(page.imported).toContain('/assets/entry.client-2.js')
  })

  it('on a page without a main picture, starts once its first screen has settled', async () => {
    const page = open(deferStartup(PAGE.replace('<img src="/hero.webp" fetchpriority="high"', '<img src="/hero.webp"')))
    await page.drawFrame()
    expect(page.imported).toEqual([])
    await page.passTime()
    expect(page.imported).toContain('/assets/entry.client-2.js')
  })

  it('starts at once when the visitor touches, clicks or types first, and only once', async () => {
    const page = open(deferred)
    window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Tab'}))
    window.dispatchEvent(new Event('pointerdown'))
    await page.drawFrame()
    expect(page.imported.filter((href) => href.includes('entry.client'))).toHaveLength(1)

    page.decodeHero()
    await page.drawFrame()
    expect(page.imported.filter((href) => href.includes('entry.client'))).toHaveLength(1)
  })

  it('starts at once in a page opened in the background, which draws no frame', async () => {
    const page = open(deferred, {visibility: 'hidden'})
    await settle()
    expect(page.imported).toContain('/assets/entry.client-2.js')
  })

  it('leaves a page without React Router startup as it is, and stops the build on a startup it does not know', () => {
    const plain = '<!DOCTYPE html><html><body><p>RSS</p></body></html>'
    expect(deferStartup(plain)).toBe(plain)
    expect(() => deferStartup(PAGE.replace('import("/assets/entry', 'console.log(1); import("/assets/entry'))).toThrow(/모르는 문장/)
    expect(() => deferStartup(PAGE.replace(CONTEXT_SCRIPT, ''))).toThrow(/미리 불러오기/)
  })
})

describe('a page whose hydration data the build moved into a file', () => {
  const DATA_HREF = '/assets/page-data-0123456789.txt'
  const deferred = deferStartup(PAGE, DATA_HREF)
  const started = async (page: Browser) => {
    page.decodeHero()
    await page.drawFrame()
    await page.passTime()
  }

  it('fetches the data when its scripts start, not with the first screen, and feeds it to React Router', async () => {
    const page = open(deferred, {answer: () => new Response('[{"_1":2},"loaderData"]')})
    await page.drawFrame()
    expect(page.fetched).toEqual([])

    await started(page)
    expect(page.fetched).toEqual([DATA_HREF])
    expect(page.stream).toEqual({chunks: ['[{"_1":2},"loaderData"]'], closed: true})
    expect(page.imported).toContain('/assets/entry.client-2.js')
  })

  it('asks again when the network or the server fails it, and feeds the data once it arrives', async () => {
    const answers = [
      () => {
        throw new TypeError('Failed to fetch')
      },
      () => new Response('', {status: 503}), () => new Response('[1]')]
    const page = open(deferred, {answer: () => answers.shift()!()})
    await started(page)
    expect(page.fetched).toHaveLength(1)
    expect(page.stream).toEqual({chunks: [], closed: false})

    await page.passTime()
    await page.passTime()
    expect(page.fetched).toHaveLength(3)
    expect(page.stream).toEqual({chunks: ['[1]'], closed: true})
  })

  it('gives up after five attempts, leaving the prerendered page as it is', async () => {
    const page = open(deferred, {answer: () => new Response('', {status: 404})})
    await started(page)
    for (let moment = 0; moment < 8; moment++) await page.passTime()
    expect(page.fetched).toHaveLength(5)
    expect(page.stream.closed).toBe(false)
  })

  it('stops the build on data without a startup to fetch it', () => {
    expect(() => deferStartup('<!DOCTYPE html><html><body></body></html>', DATA_HREF)).toThrow(/시작 스크립트가 없습니다/)
  })
})
