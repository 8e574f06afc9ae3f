// @vitest-environment jsdom
import {readFileSync} from 'node:fs'
import {cleanup, render, screen, within} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {DATA_KINDS} from '#shared/privacy/policy.ts'
import {ProcessorsSection, type ProcessorFields} from './ProcessorsSection.tsx'
import {RetentionSection, type RetentionPeriodFields} from './RetentionSection.tsx'
import {RightsSection, type RightFields} from './RightsSection.tsx'

afterEach(cleanup)

/** The seed's privacy document, as the page's query reads it. */
// Under jsdom a module's URL is not a file's: the seed is named from the repository's root.
const privacy = readFileSync('content/production.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>)
  .find((doc) => doc._id === 'privacy')!

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getByRole('rowheader', {name: new RegExp(`^${name}`)})
    .closest('tr')!

const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)

describe('the privacy page’s structured parts', () => {
  it('give every kind of data kept its retention and its destruction', () => {
    render(
      <RetentionSection
        periods={privacy.retentionPeriods as RetentionPeriodFields[]}
        destructionNote={privacy.destructionNote as string}
      />,
    )
    const table = screen.getByRole('table', {name: '자료별 보유 기간'})
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent)
        .sort(),
    ).toEqual(Object.values(DATA_KINDS).sort())
    expect(cellsOf(rowOf(table, '등록 정보'))[2]).toBe('접수일로부터 365일')
    expect(screen.getByText(/삭제한 일시와 건수만 기록합니다/)).toBeTruthy()
  })

  it('tell each transfer abroad with its country, recipient, items, timing, retention and contact', () => {
    render(
      <ProcessorsSection
        processors={privacy.processors as ProcessorFields[]}
        note={privacy.processingNote as string}
      />,
    )
    const entrusted = screen.getByRole('table', {name: '처리를 맡긴 업체'})
    expect(
      within(entrusted)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Netlify, Inc.', 'Neon, Inc.(Netlify Database)', '(주)솔라피(SOLAPI)'])
    const abroad = screen.getByRole('table', {name: '개인정보의 국외 이전'})
    expect(cellsOf(rowOf(abroad, 'Netlify'))).toEqual([
      'Netlify, Inc. (privacy@netlify.com)',
      '미국, 오하이오주(AWS us-east-2)',
      '홈페이지와 등록·예약·문자 기능의 운영(서버)',
      '이름, 휴대전화번호, 문의 내용, 방문 예약 일시, 유입 경로 등 홈페이지에 입력하신 정보',
      '등록·예약·조회하실 때마다 암호화된 통신(HTTPS)으로 전송',
      '위탁 계약이 끝나거나 자료별 보유 기간이 지날 때까지',
    ])
    expect(within(abroad).queryByText(/SOLAPI/)).toBeNull()
    expect(screen.getByText(/개인정보를 맡기지 않는 곳: Sanity AS/)).toBeTruthy()
  })

  it('link each right the data page serves to the form on the page', () => {
    render(<RightsSection rights={privacy.rights as RightFields[]} />)
    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    expect(terms).toEqual(['열람', '정정·삭제', '처리정지', '동의 철회'])
    const links = screen.getAllByRole('link', {name: '내 정보 확인·삭제 바로 가기'})
    expect(links.map((link) => link.getAttribute('href'))).toEqual(Array(4).fill('#my-info'))
  })

  it('leave a right served only by phone without the link', () => {
    render(
      <RightsSection
        rights={[
          {_key: 'r', right: 'suspension', how: '대표번호로 요청해 주세요.', onDataPage: false},
        ]}
      />,
    )
    expect(screen.queryByRole('link')).toBeNull()
  })
})
