import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import {type Browser, type BrowserContextOptions, chromium, type Page} from 'playwright-core'
import {afterAll, beforeAll} from 'vitest'
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

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: headlessShellPath(),
    args: [...CHROMIUM_FLAGS, ...SOFTWARE_WEBGL, ...ONE_RENDERER_PER_PAGE],
  })
}

/**
 * The browser of a test file (or of the describe block that calls this), launched before
 * its tests and closed after them; each test opens pages of its own
 * (`openPage(browser(), …)`), in contexts that share nothing.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll: open pages inside a test')
    return browser
  }
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
  browser: Browser,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({
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
