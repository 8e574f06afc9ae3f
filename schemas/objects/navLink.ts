import {LinkIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {isSitePathOrUrl} from '../rules/sitePath.ts'

export const navLink = defineType({
  name: 'navLink',
  title: '링크',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'title',
      title: '이름',
      type: 'string',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'url',
      title: '주소',
      type: 'string',
      description: '사이트 안의 경로(예: /ComplexGuide/intro) 또는 https:// 로 시작하는 주소.',
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
  ],
  preview: {select: {title: 'title', subtitle: 'url'}},
})
