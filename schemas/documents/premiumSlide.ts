import {ImagesIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {BY_ORDER, orderField} from '../fields/order.ts'

export const premiumSlide = defineType({
  name: 'premiumSlide',
  title: '프리미엄 슬라이드',
  type: 'document',
  icon: ImagesIcon,
  description: '모바일 홈의 자동 슬라이드 (7장 권장, 6초마다 넘어갑니다).',
  fields: [
    defineField({
      name: 'image',
      title: '이미지',
      type: 'imageWithAlt',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'title',
      title: '제목',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'description',
      title: '설명',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(200),
    }),
    orderField(),
  ],
  orderings: [BY_ORDER],
  preview: {
    select: {title: 'title', order: 'order', description: 'description', media: 'image'},
    prepare: ({title, order, description, media}) => ({
      title,
      subtitle: `${order ?? '-'}번째 · ${description ?? ''}`,
      media,
    }),
  },
})
