import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {JSDOM} from 'jsdom'
import {build, type BuildEnvironmentOptions} from 'vite'
import {afterAll, describe, expect, it} from 'vitest'
import {preactBuild} from './preact-build.ts'

const dir = mkdtempSync(path.join(import.meta.dirname, '.preact-build-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

// A page as React Router's prerender renders it: a document whose content waits on a lazy
// component and reads a store that only the browser knows.
writeFileSync(
  path.join(dir, 'page.tsx'),
  `
import {lazy, Suspense, useSyncExternalStore} from 'react'
import {renderToPipeableStream} from 'react-dom/server'
import {HydrateLater} from '~/components/HydrateLater.tsx'

const Later = lazy(async () => ({default: () => <p>늦게 온 내용</p>}))
const subscribe = () => () => {}

function Page() {
  const wide = useSyncExternalStore(subscribe, () => window.innerWidth > 900, () => false)
  return (
    <html lang="ko">
      <head><meta charSet="utf-8" /></head>
      <body>
        <main suppressHydrationWarning>{wide ? '넓은 화면' : '좁은 화면'}</main>
        <Suspense fallback={<p>불러오는 중</p>}><Later /></Suspense>
        <HydrateLater><section>나중에 깨어나는 구역</section></HydrateLater>
      </body>
    </html>
  )
}

export function render(): Promise<string> {
  return new Promise((resolve, reject) => {
    const {pipe} = renderToPipeableStream(<Page />, {
      onAllReady() {
        const chunks: Buffer[] = []
        const sink = {write: (chunk: string) => chunks.push(Buffer.from(chunk)), end: (chunk: string) => resolve(Buffer.concat(chunks).toString() + chunk)}
        pipe(sink)
      },
      onShellError: reject,
    })
  })
}
`,
)

// A page hydrating as React Router's does: a router component whose first render creates
// the router, then the page inside React Router's framework context.
writeFileSync(
  path.join(dir, 'client.tsx'),
  `
import type {ReactNode} from 'react'
import {hydrateRoot} from 'react-dom/client'
import {UNSAFE_FrameworkContext} from 'react-router'

const log: string[] = []
function Router({children}: {children: ReactNode}) {
  log.push('router')
  return <UNSAFE_FrameworkContext.Provider value={undefined}>{children}</UNSAFE_FrameworkContext.Provider>
}
function Page() {
  log.push('page')
  return <button type="button" onClick={() => log.push('click')}>방문예약</button>
}
Object.assign(window, {log, hydratePage: () => hydrateRoot(document.getElementById('root')!, <Router><Page /></Router>)})
`,
)

/** Builds the test's files with the site's Preact plugin, as the site's build does. */
const buildOnPreact = (options: BuildEnvironmentOptions) =>
  build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    resolve: {alias: {'~': path.resolve(import.meta.dirname, '..')}},
    plugins: [preactBuild()],
    build: {...options, write: true, emptyOutDir: true},
  })

describe('the build on Preact', () => {
  it("prerenders a whole document with React's server APIs: resolved Suspense in place, later boundaries marked, server snapshots, no React-only props", async () => {
    await buildOnPreact({ssr: path.join(dir, 'page.tsx'), outDir: path.join(dir, 'out')})
    const page = (await import(pathToFileURL(path.join(dir, 'out', 'page.js')).href)) as {render: () => Promise<string>}
    const html = await page.render()

    expect(html).toMatch(/^<!DOCTYPE html><html lang="ko"><head>/)
    expect(html).toContain('<main>좁은 화면</main>')
    // In place, and a boundary that hydrates in a later task is marked, so the browser knows which nodes it keeps meanwhile.
    expect(html).toMatch(/<p>늦게 온 내용<\/p>(<!--[^>]*-->)*<!--\$s--><section>나중에 깨어나는 구역<\/section><!--\/\$s--><\/body><\/html>$/)
    expect(html).not.toContain('불러오는 중')
    expect(html).not.toMatch(/suppressHydrationWarning/i)
  })

  it("hydrates in two tasks: React Router's router in the first, the page below it in the next", async () => {
    await buildOnPreact({
      lib: {entry: path.join(dir, 'client.tsx'), formats: ['iife'], name: 'client', fileName: 'client'},
      outDir: path.join(dir, 'client-out'),
      minify: false,
    })
    const dom = new JSDOM('<!DOCTYPE html><html><body><div id="root"><button type="button">방문예약</button></div></body></html>', {runScripts: 'outside-only'})
    const page = dom.window as unknown as Window & {log: string[]; hydratePage: () => void; eval: (code: string) => void}
    page.eval(readFileSync(path.join(dir, 'client-out', 'client.iife.js'), 'utf8'))
    const button = page.document.querySelector('button')!

    page.hydratePage()
    expect(page.log).toEqual(['router'])
    // The next attempt is queued once the suspension settles, a microtask on.
    await Promise.resolve()
    await new Promise((resolve) => page.setTimeout(resolve, 0))
    expect(page.log).toEqual(['router', 'router', 'page'])

    // Hydrated in place: the prerendered button, now answering clicks.
    expect(page.document.querySelector('button')).toBe(button)
    button.click()
    expect(page.log.at(-1)).toBe('click')
  })
})
