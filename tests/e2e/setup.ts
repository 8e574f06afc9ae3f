import {afterEach, expect} from 'vitest'
import {takePolicyViolations} from './browser.ts'

// The site runs with its real Content-Security-Policy: any violation fails the test.
afterEach(() => {
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([])
})
