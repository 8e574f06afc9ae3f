import {CalendarIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {DATA_KINDS, type DataKind} from '#shared/privacy/policy.ts'

/** How long one kind of the site's data is kept, and how it is destroyed. */
export const retentionPeriod = defineType({
  name: 'retentionPeriod',
  title: '보유 기간',
  type: 'object',
  icon: CalendarIcon,
  fields: [
    defineField({
      name: 'kind',
      title: '자료',
      type: 'string',
      options: {
        list: Object.entries(DATA_KINDS).map(([value, title]) => ({value, title})),
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contents',
      title: '들어 있는 것',
      type: 'text',
      rows: 2,
      description: '예: 이름, 휴대전화번호, 문의 내용, 유입 경로',
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'period',
      title: '보유 기간',
      type: 'string',
      description: '실제 보관 기간과 같아야 합니다. 예: 접수일로부터 365일',
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'destruction',
      title: '파기 방법',
      type: 'string',
      description: '예: 기간이 지난 다음 날 새벽, 데이터베이스에서 복구할 수 없게 삭제',
      validation: (rule) => rule.required().max(200),
    }),
  ],
  preview: {
    select: {kind: 'kind', period: 'period'},
    prepare: ({kind, period}) => ({
      title: DATA_KINDS[kind as DataKind] ?? '자료를 고르세요',
      subtitle: period,
    }),
  },
})
