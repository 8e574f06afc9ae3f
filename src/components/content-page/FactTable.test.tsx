// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {FactTable, type FactTableFields} from './FactTable.tsx'

afterEach(cleanup)

const schedule: FactTableFields = {
  _key: 't1',
  caption: '입주자 모집 일정',
  columns: ['단계', '내용', '일정'],
  rows: [
    {_key: 'r1', cells: ['1. 모집공고', '입주자 모집 안내', '추후 공지']},
    {_key: 'r2', cells: ['2. 청약접수', '인터넷·현장 접수', '추후 공지']},
  ],
}

describe('fact table', () => {
  it('is a table named by its caption, with column headers and a header cell per row', () => {
    render(<FactTable table={schedule} />)
    const table = screen.getByRole('table', {name: '입주자 모집 일정'})
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['단계', '내용', '일정'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['1. 모집공고', '2. 청약접수'])
    const second = within(table).getAllByRole('row')[2]!
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['내용', '인터넷·현장 접수'],
      ['일정', '추후 공지'],
    ])
  })

  it('keeps a short row in its columns and drops rows with nothing written', () => {
    render(
      <FactTable
        table={{
          ...schedule,
          rows: [
            {_key: 'r1', cells: ['신분증']},
            {_key: 'r2', cells: ['', null]},
          ],
        }}
      />,
    )
    const rows = screen.getAllByRole('row')
    expect(rows).toHaveLength(2)
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', ''])
  })

  it('shows nothing without columns or without a row', () => {
    const {container} = render(
      <>
        <FactTable table={{...schedule, columns: []}} />
        <FactTable table={{...schedule, rows: null}} />
      </>,
    )
    expect(container.innerHTML).toBe('')
  })
})
