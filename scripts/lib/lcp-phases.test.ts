import {describe, expect, it} from 'vitest'
import {lcpPhases} from './lcp-phases.ts'

const table = (rows: {phase: string; timing: number}[]) => ({
  details: {
    items: [
      {type: 'table', items: [{node: {selector: 'img.home-hero__image'}}]},
      {type: 'table', items: rows.map((row) => ({...row, percent: '25%'}))},
    ],
  },
})

describe('the LCP phases of a Lighthouse report', () => {
  it('reads the four phases of an image LCP, in whole milliseconds', () => {
    expect(
      lcpPhases(
        table([
          {phase: 'TTFB', timing: 483.4},
          {phase: 'Load Delay', timing: 606.2},
          {phase: 'Load Time', timing: 58.7},
          {phase: 'Render Delay', timing: 1518.1},
        ]),
      ),
    ).toEqual({ttfbMs: 483, loadDelayMs: 606, loadTimeMs: 59, renderDelayMs: 1518})
  })

  it('gives a text LCP, which has no resource to load, no load delay or load time', () => {
    expect(
      lcpPhases(
        table([
          {phase: 'TTFB', timing: 500},
          {phase: 'Render Delay', timing: 700},
        ]),
      ),
    ).toEqual({ttfbMs: 500, loadDelayMs: 0, loadTimeMs: 0, renderDelayMs: 700})
  })

  it('says there are none when Lighthouse found no LCP element', () => {
    expect(lcpPhases(undefined)).toBeNull()
    expect(lcpPhases({details: {items: []}})).toBeNull()
  })
})
