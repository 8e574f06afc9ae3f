import {DocumentTextIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

const dateFormat = new Intl.DateTimeFormat('ko-KR', {dateStyle: 'medium', timeZone: 'Asia/Seoul'})

export const press = defineType({
  name: 'press',
  title: '보도자료',
  type: 'document',
  icon: DocumentTextIcon,
  description: '사이트별 보도자료 게시글. 최신 날짜가 목록 맨 위에 옵니다.',
  fields: [
    defineField({
      name: 'site',
      title: '사이트',
      type: 'reference',
      to: [{type: 'site'}],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'title',
      title: '제목',
      type: 'string',
      validation: (rule) => rule.required().max(100),
    }),
    defineField({
      name: 'summary',
      title: '요약',
      type: 'text',
      rows: 3,
      description: '목록과 검색 결과에 보이는 한두 문장.',
      validation: (rule) => rule.required().max(300),
    }),
    defineField({name: 'content', title: '본문', type: 'richText'}),
    defineField({
      name: 'date',
      title: '작성일시',
      type: 'datetime',
      initialValue: () => new Date().toISOString(),
      options: {dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm'},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'seo', title: '검색·공유 설정', type: 'seo'}),
  ],
  orderings: [{title: '최신순', name: 'dateDesc', by: [{field: 'date', direction: 'desc'}]}],
  preview: {
    select: {title: 'title', siteName: 'site.name', date: 'date'},
    prepare: ({title, siteName, date}) => ({
      title,
      subtitle: [siteName, date ? dateFormat.format(new Date(date)) : null]
        .filter(Boolean)
        .join(' · '),
    }),
  },
})
