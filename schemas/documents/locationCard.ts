import {PinIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {BY_ORDER, orderField} from '../fields/order.ts'

export const locationCard = defineType({
  name: 'locationCard',
  title: '입지 카드',
  type: 'document',
  icon: PinIcon,
  description: '/LocationEnvironment/intro 의 입지 카드 (이미지·제목·설명).',
  fields: [
    defineField({
      name: 'title',
      title: '제목',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'text',
      title: '설명',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'image',
      title: '이미지',
      type: 'imageWithAlt',
      validation: (rule) => rule.required(),
    }),
    orderField(),
  ],
  orderings: [BY_ORDER],
  preview: {
    select: {title: 'title', text: 'text', order: 'order', media: 'image'},
    prepare: ({title, text, order, media}) => ({
      title,
      subtitle: `${order ?? '-'}번째 · ${text ?? ''}`,
      media,
    }),
  },
})
