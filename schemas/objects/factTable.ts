import {ThListIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** Columns a table may have: a phone stacks each row into a card, so more would not read. */
export const FACT_TABLE_COLUMNS = {min: 2, max: 4} as const

/** The message for a row whose cells do not match the header row, naming the row (from 1). */
export const factRowCellsMessage = (row: number) =>
  `${row}번째 행: 열 제목과 같은 수의 칸을 채워 주세요.`

interface FactTableValue {
  columns?: string[]
  rows?: Array<{cells?: string[]}>
}

/**
 * Facts a picture used to hold (a checklist, a schedule, conditions) as a table the site shows
 * as text: a caption, a header row and rows of cells; on a phone each row becomes a card.
 */
export const factTable = defineType({
  name: 'factTable',
  title: '정보 표',
  type: 'object',
  icon: ThListIcon,
  description:
    '그림 속 글자 대신 글로 보여 줄 목록·일정·조건. 휴대폰에서는 행마다 카드로 보입니다.',
  fields: [
    defineField({
      name: 'caption',
      title: '표 제목',
      type: 'string',
      description: '예: 본인 계약 시',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'columns',
      title: '열 제목',
      type: 'array',
      description:
        '첫 열은 각 행의 이름입니다 (예: 서류, 준비 방법). ' +
        `${FACT_TABLE_COLUMNS.min}~${FACT_TABLE_COLUMNS.max}개.`,
      of: [defineArrayMember({type: 'string', validation: (rule) => rule.required().max(20)})],
      validation: (rule) => rule.required().min(FACT_TABLE_COLUMNS.min).max(FACT_TABLE_COLUMNS.max),
    }),
    defineField({
      name: 'rows',
      title: '행',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'factRow',
          title: '행',
          type: 'object',
          fields: [
            defineField({
              name: 'cells',
              title: '칸',
              type: 'array',
              description: '열 제목과 같은 순서로 채웁니다.',
              of: [
                defineArrayMember({type: 'string', validation: (rule) => rule.required().max(200)}),
              ],
              validation: (rule) => rule.required(),
            }),
          ],
          preview: {
            select: {cells: 'cells'},
            prepare: ({cells}: {cells?: string[]}) => ({
              title: cells?.[0] ?? '(빈 행)',
              subtitle: cells?.slice(1).join(' · '),
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  validation: (rule) =>
    rule.custom((value?: FactTableValue) => {
      const width = value?.columns?.length ?? 0
      if (!value || width === 0) return true
      const uneven = (value.rows ?? []).findIndex((row) => (row.cells?.length ?? 0) !== width)
      return uneven < 0 || factRowCellsMessage(uneven + 1)
    }),
  preview: {
    select: {caption: 'caption', columns: 'columns', rows: 'rows'},
    prepare: ({
      caption,
      columns,
      rows,
    }: {
      caption?: string
      columns?: string[]
      rows?: unknown[]
    }) => ({
      title: caption ?? '(표 제목 없음)',
      subtitle: `${(columns ?? []).join(' · ')} — ${rows?.length ?? 0}행`,
    }),
  },
})
