import { CubeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

export const emodelTour = defineType({
  name: 'emodelTour',
  title: 'E-모델하우스',
  type: 'document',
  icon: CubeIcon,
  description: '/FloorPlan/Emodel 과 홈의 360° 가상 투어 탭 (84A, 84B). 84A 가 처음 열립니다.',
  fields: [
    defineField({
      name: 'key',
      title: '타입',
      type: 'string',
      options: { list: ['84A', '84B'], layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', title: '탭 제목', type: 'string', validation: (rule) => rule.required().max(30) }),
    defineField({
      name: 'url',
      title: '투어 주소',
      type: 'url',
      description: 'VR 투어 업체가 준 https 주소. 새 업체의 주소는 개발 팀이 보안 설정(CSP)에 추가해야 화면에 나옵니다.',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
    defineField({ name: 'order', title: '정렬 순서', type: 'number', validation: (rule) => rule.required().integer().min(0) }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', key: 'key', url: 'url' },
    prepare: ({ title, key, url }) => ({ title: `${key ?? ''} ${title ?? ''}`.trim(), subtitle: url }),
  },
})
