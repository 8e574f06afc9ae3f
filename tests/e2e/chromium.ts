import {existsSync} from 'node:fs'

/** Where the browser tests and the benchmark find Chromium: CHROME_PATH, else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium'
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath())
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
