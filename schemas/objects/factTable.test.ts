import {validateDocument} from 'sanity'
import {describe, expect, it} from 'vitest'
import {testWorkspace as workspace} from '../test-workspace.ts'
import {factRowCellsMessage} from './factTable.ts'

const row = (key: string, cells: string[]) => ({_key: key, _type: 'factRow', cells})

/** The error messages on a page whose one section holds `table`. */
async function tableErrors(table: Record<string, unknown>): Promise<string[]> {
  const document = {
    _id: 'page-test',
    _type: 'page',
    _rev: 'r',
    _createdAt: '2025-01-01T00:00:00Z',
    _updatedAt: '2025-01-01T00:00:00Z',
    sections: [
      {_key: 's1', _type: 'pageSection', facts: [{_key: 't1', _type: 'factTable', ...table}]},
    ],
  }
  const markers = await validateDocument({
    document,
    workspace,
    environment: 'studio',
    getDocumentExists: async () => true,
  })
  return markers
    .filter((marker) => marker.path[0] === 'sections' && marker.level === 'error')
    .map((marker) => marker.message)
}

const schedule = {
  caption: '입주자 모집 일정',
  columns: ['단계', '일정'],
  rows: [row('r1', ['모집공고', '추후 공지']), row('r2', ['청약접수', '추후 공지'])],
}

describe('fact table in a page section', () => {
  it('accepts a caption, a header row and rows as wide as it', async () => {
    expect(await tableErrors(schedule)).toEqual([])
  })

  it('names the row whose cells do not match the header row', async () => {
    const rows = [row('r1', ['모집공고', '추후 공지']), row('r2', ['청약접수'])]
    expect(await tableErrors({...schedule, rows})).toEqual([factRowCellsMessage(2)])
  })

  it('refuses a table without caption or rows, with one column or an empty cell', async () => {
    expect(await tableErrors({...schedule, caption: undefined})).toHaveLength(1)
    expect(await tableErrors({...schedule, rows: []})).toHaveLength(1)
    const oneColumn = {...schedule, columns: ['단계'], rows: [row('r1', ['모집공고'])]}
    expect(await tableErrors(oneColumn)).toHaveLength(1)
    const emptyCell = {...schedule, rows: [row('r1', ['모집공고', ''])]}
    expect(await tableErrors(emptyCell)).toHaveLength(1)
  })
})
