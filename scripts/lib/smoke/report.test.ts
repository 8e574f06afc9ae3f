import {describe, expect, it} from 'vitest'
import {failed, passed, smokeTable, smokeVerdict} from './report.ts'

describe('the smoke report', () => {
  it('lays the checks out in aligned columns', () => {
    const table = smokeTable([
      passed('page', '/', '200'),
      failed('function', '/api/visits/slots', 'answered 503'),
    ])
    expect(table.split('\n')).toEqual([
      'step      target             result  detail',
      'page      /                  PASS    200',
      'function  /api/visits/slots  FAIL    answered 503',
    ])
  })

  it('exits 0 when every check passed', () => {
    expect(smokeVerdict([passed('page', '/'), passed('content', 'query')])).toEqual({
      exitCode: 0,
      summary: 'All 2 checks passed.',
    })
  })

  it('exits 1 listing each failure with what was wrong', () => {
    const verdict = smokeVerdict([
      passed('page', '/'),
      failed('page', '/privacy', 'answered 404'),
      failed('health', 'job send-texts', 'late'),
    ])
    expect(verdict.exitCode).toBe(1)
    expect(verdict.summary).toBe(
      [
        '2 of 3 checks failed:',
        '- page /privacy: answered 404',
        '- health job send-texts: late',
      ].join('\n'),
    )
  })

  it('exits 1 when no check ran', () => {
    expect(smokeVerdict([]).exitCode).toBe(1)
  })
})
