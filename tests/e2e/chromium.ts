import {existsSync} from 'node:fs'
import {setting} from '#config/settings.ts'

/** Where the benchmark finds Chromium for Lighthouse: CHROME_PATH, else Debian's. */
export function chromiumPath(): string {
  return setting('CHROME_PATH') ?? '/usr/bin/chromium'
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath())
}

/**
 * Where the browser tests find Chromium: CHROME_PATH, else Debian's headless shell, the same
 * engine without the desktop browser's windows around it. Every test opens its own context,
 * and a context of the full browser costs about three times the CPU (a window, its toolbar's
 * pages and a spare page process each time), which on two cores was most of the suite's time
 * (docs/decisions/012-browser-tests-on-the-headless-shell.md).
 */
export function headlessShellPath(): string {
  return setting('CHROME_PATH') ?? '/usr/bin/chromium-headless-shell'
}

export function hasHeadlessShell(): boolean {
  return existsSync(headlessShellPath())
}

/** The flags this machine needs: no sandbox as root, and no background network calls. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
