import { ImagesIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

export const premiumSlide = defineType({
  name: 'premiumSlide',
  title: '프리미엄 슬라이드',
  type: 'document',
  icon: ImagesIcon,
  description: '모바일 홈의 자동 슬라이드 (7장 권장, 6초마다 넘어갑니다).',
  fields: [
    defineField({ name: 'image', title: '이미지', type: 'imageWithAlt', validation: (rule) => rule.required() }),
    defineField({ name: 'title', title: '제목', type: 'string', validation: (rule) => rule.required().max(40) }),
    defineField({ name: 'description', title: '설명', type: 'text', rows: 2, validation: (rule) => rule.required().max(200) }),
    defineField({
      name: 'order',
      title: '정렬 순서',
      type: 'number',
      description: '작은 숫자가 먼저 나옵니다.',
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', order: 'order', description: 'description', media: 'image' },
    prepare: ({ title, order, description, media }) => ({ title, subtitle: `${order ?? '-'}번째 · ${description ?? ''}`, media }),
  },
})
