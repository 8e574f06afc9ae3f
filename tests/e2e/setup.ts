import {afterEach, beforeEach, expect} from 'vitest'
import {waitForOneKoreanDay} from '#tests/helpers/korean-midnight.ts'
import {takePolicyViolations} from './browser.ts'

// A test runs within one Korean day: its visits of "today" and the picker's days would
// otherwise change under it at midnight.
beforeEach(async () => {
  const wait = waitForOneKoreanDay(Date.now())
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
})

// The site runs with its real Content-Security-Policy: any violation fails the test.
afterEach(() => {
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([])
})
