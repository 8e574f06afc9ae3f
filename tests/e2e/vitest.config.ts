import {defineConfig} from 'vitest/config'
import BrowserTestSequencer from './sequencer.ts'

// Browser tests: real Chromium against the whole stack, which globalSetup starts once.
export default defineConfig({
  resolve: {alias: {'~': new URL('../../src', import.meta.url).pathname}},
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/setup.ts'],
    // Two cores: one browser at a time keeps timings stable.
    fileParallelism: false,
    sequence: {sequencer: BrowserTestSequencer},
    testTimeout: 60_000,
    hookTimeout: 11 * 60_000,
  },
})
