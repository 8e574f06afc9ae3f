import {describe, expect, it} from 'vitest'
import {fileTimes, SLOWEST_FILES, timingTable} from './test-timings.ts'

describe('fileTimes', () => {
  it('reads each file of a Vitest JSON report with its seconds, relative to the root', () => {
    const report = {
      numPassedTests: 3,
      testResults: [
        {name: '/repo/a/one.test.ts', startTime: 1_000, endTime: 3_500, status: 'passed'},
        {name: '/repo/two.test.ts', startTime: 2_000, endTime: 2_100, status: 'failed'},
      ],
    }
    expect(fileTimes(report, '/repo')).toEqual([
      {file: 'a/one.test.ts', seconds: 2.5},
      {file: 'two.test.ts', seconds: 0.1},
    ])
  })

  it('skips files without times and reads a report without files as none', () => {
    expect(fileTimes({testResults: [{name: '/repo/x.test.ts', startTime: 5}]}, '/repo')).toEqual([])
    expect(fileTimes({}, '/repo')).toEqual([])
    expect(fileTimes(null, '/repo')).toEqual([])
  })
})

describe('timingTable', () => {
  it('prints one line per step with its seconds, in the order run', () => {
    const table = timingTable(
      [
        {name: 'format', seconds: 12.44},
        {name: 'unit tests', seconds: 301.06},
      ],
      [],
    )
    expect(table.split('\n')).toEqual([
      'Time per step:',
      'format       12.4 s',
      'unit tests  301.1 s',
      '',
    ])
  })

  it('adds up steps of one name into one line and marks the step that failed', () => {
    const table = timingTable(
      [
        {name: 'type check', seconds: 2},
        {name: 'type check', seconds: 30.5},
        {name: 'lint', seconds: 4, failed: true},
      ],
      [],
    )
    expect(table.split('\n')).toEqual([
      'Time per step:',
      'type check     32.5 s',
      'lint (failed)   4.0 s',
      '',
    ])
  })

  it(`lists the ${SLOWEST_FILES} slowest test files, slowest first`, () => {
    const files = Array.from({length: 20}, (_, index) => ({
      file: `tests/f${String(index).padStart(2, '0')}.test.ts`,
      seconds: index,
    }))
    const lines = timingTable([{name: 'unit tests', seconds: 40}], files)
      .trimEnd()
      .split('\n')
    const start = lines.indexOf('Slowest test files (15 of 20):')
    expect(start).toBeGreaterThan(0)
    const listed = lines.slice(start + 1)
    expect(listed).toHaveLength(SLOWEST_FILES)
    expect(listed[0]).toBe('tests/f19.test.ts  19.0 s')
    expect(listed.at(-1)).toBe('tests/f05.test.ts   5.0 s')
  })
})
