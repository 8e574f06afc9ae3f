import {StarIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {isSitePathOrUrl} from '../rules/sitePath.ts'

export const premiumCard = defineType({
  name: 'premiumCard',
  title: '프리미엄 카드',
  type: 'document',
  icon: StarIcon,
  description: '홈의 PREMIUM 카드 4장. 번호 순서대로 보입니다.',
  fields: [
    defineField({
      name: 'number',
      title: '번호',
      type: 'number',
      description: '카드에 01~04 로 표시되는 번호.',
      options: {list: [1, 2, 3, 4]},
      validation: (rule) => rule.required().integer().min(1).max(4),
    }),
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
      name: 'text1',
      title: '첫째 줄',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'text2',
      title: '둘째 줄',
      type: 'string',
      validation: (rule) => rule.max(80),
    }),
    defineField({
      name: 'link',
      title: '연결 주소',
      type: 'string',
      description: '사이트 경로 (예: /BusinessGuide/intro) 또는 https:// 주소.',
      validation: (rule) =>
        rule
          .required()
          .custom(
            (value?: string) =>
              !value ||
              isSitePathOrUrl(value) ||
              '/로 시작하는 경로나 http(s) 주소를 입력해 주세요.',
          ),
    }),
    defineField({
      name: 'linkText',
      title: '링크 글자',
      type: 'string',
      validation: (rule) => rule.required().max(20),
    }),
  ],
  orderings: [{title: '번호순', name: 'numberAsc', by: [{field: 'number', direction: 'asc'}]}],
  preview: {
    select: {number: 'number', title: 'title', link: 'link', media: 'image'},
    prepare: ({number, title, link, media}) => ({
      title: `${String(number ?? 0).padStart(2, '0')} ${title ?? ''}`,
      subtitle: link ? `→ ${link}` : undefined,
      media,
    }),
  },
})
