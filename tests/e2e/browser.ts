import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import {type Browser, type BrowserContextOptions, chromium, type Page} from 'playwright-core'
import {CHROMIUM_FLAGS, headlessShellPath} from './chromium.ts'

export const VIEWPORTS = {
  desktop: {width: 1440, height: 900},
  narrow: {width: 390, height: 844},
} as const

export type ViewportName = keyof typeof VIEWPORTS

/**
 * Without a GPU (--disable-gpu) Chromium draws WebGL, which the E-model tours use, with its
 * software renderer only when told to.
 */
const SOFTWARE_WEBGL = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader']

/**
 * A new page starts one renderer process for its blank first document and another for the
 * site it then opens; with this limit the site opens in the first. Contexts still never share
 * a process. On two cores it took the suite from 1,407 s to 1,258 s (decision 012).
 */
const ONE_RENDERER_PER_PAGE = ['--renderer-process-limit=1']

let launched: Promise<Browser> | undefined

/**
 * The worker's browser, launched by its first page and kept for every file the worker runs
 * after it (a worker runs its files one after another). Each page still opens in a context
 * of its own, which shares nothing with any other. A browser that has gone (a crash, or a
 * test closing it) is launched again by the next page. Playwright ends it when the worker's
 * process exits.
 */
function workerBrowser(): Promise<Browser> {
  if (launched) return launched
  const launching = chromium.launch({
    executablePath: headlessShellPath(),
    args: [...CHROMIUM_FLAGS, ...SOFTWARE_WEBGL, ...ONE_RENDERER_PER_PAGE],
  })
  const forget = () => {
    if (launched === launching) launched = undefined
  }
  launching.then((browser) => browser.on('disconnected', forget), forget)
  launched = launching
  return launching
}

/** Content-Security-Policy violations seen by any page of the current test. */
const policyViolations: string[] = []

export function takePolicyViolations(): string[] {
  return policyViolations.splice(0)
}

const isPolicyViolation = (text: string) =>
  /Content Security Policy|Refused to (load|execute|frame|connect|apply)/i.test(text)

export interface TestPage extends Page {
  /** Console errors and uncaught page errors seen so far (CSP violations show up here). */
  consoleErrors: string[]
}

/**
 * A fresh page (own context: no cookies or storage shared between tests) at a spec
 * viewport. Narrow pages are touch pages like a phone's.
 */
export async function openPage(
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  const context = await (
    await workerBrowser()
  ).newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    ...(viewport === 'narrow' ? {hasTouch: true, isMobile: true, deviceScaleFactor: 2} : {}),
    ...options,
  })
  const page = (await context.newPage()) as TestPage
  page.consoleErrors = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    page.consoleErrors.push(message.text())
    if (isPolicyViolation(message.text())) policyViolations.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => page.consoleErrors.push(String(error)))
  return page
}

/**
 * The page (the whole page, or the screen only) kept as `<name>.png` for a look when
 * E2E_SCREENSHOTS names a folder.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  {fullPage = true}: {fullPage?: boolean} = {},
): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  await mkdir(folder, {recursive: true})
  await page.screenshot({path: join(folder, `${name}.png`), fullPage})
}
