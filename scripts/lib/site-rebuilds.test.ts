import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {EDITORIAL_CHANGES_FILTER, failureReason} from './site-rebuilds.ts'

describe('failureReason', () => {
  it("keeps the build's error lines and leaves out stack frames", () => {
    const output = [
      'vite v8.3.0 building for production...',
      'Error: homePage 문서가 콘텐츠에 없습니다: 홈 페이지를 만들 수 없습니다.',
      '    at loadHomePage (file:///x/build/server.js:1:1)',
      '✗ Build failed in 1.30s',
      '  errors: [Getter/Setter]',
    ]
    expect(failureReason(output, 1, null)).toBe(
      [
        '빌드가 코드 1로 끝났습니다.',
        'Error: homePage 문서가 콘텐츠에 없습니다: 홈 페이지를 만들 수 없습니다.',
        '✗ Build failed in 1.30s',
      ].join('\n  '),
    )
  })

  it('leaves out the files the build wrote before it failed, even one named after an error', () => {
    const output = [
      'build/client/assets/FieldError-NMljdy70.js             0.31 kB │ gzip:   0.24 kB',
      'build/client/assets/FormError-D2kq1xQ0.js              0.28 kB │ gzip:   0.22 kB',
      '페이지 / 의 첫 화면이 예산을 넘었습니다: 460 KB (budget 450 KB)',
    ]
    expect(failureReason(output, 1, null)).toBe(
      [
        '빌드가 코드 1로 끝났습니다.',
        '페이지 / 의 첫 화면이 예산을 넘었습니다: 460 KB (budget 450 KB)',
      ].join('\n  '),
    )
  })

  it('says how the build ended and shows its last lines when none names an error', () => {
    const output = Array.from({length: 10}, (_, i) => `line ${i}`)
    expect(failureReason(output, null, 'SIGKILL').split('\n  ')).toEqual([
      '빌드가 신호 SIGKILL로 끝났습니다.',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
      'line 8',
      'line 9',
    ])
  })
})

describe('EDITORIAL_CHANGES_FILTER', () => {
  it("is production's documented webhook filter too: both follow the same changes", () => {
    const guide = readFileSync(
      new URL('../../docs/going-to-production.md', import.meta.url),
      'utf8',
    )
    expect(guide).toContain(`filter \`${EDITORIAL_CHANGES_FILTER}\``)
  })
})
