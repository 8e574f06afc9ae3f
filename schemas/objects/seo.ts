import {SearchIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

export const SEO_TITLE_SOFT_LIMIT = 60
export const SEO_DESCRIPTION_SOFT_LIMIT = 160

export const seo = defineType({
  name: 'seo',
  title: '검색·공유 설정 (SEO)',
  type: 'object',
  icon: SearchIcon,
  options: {collapsible: true, collapsed: true},
  fields: [
    defineField({
      name: 'title',
      title: '검색 제목',
      type: 'string',
      description: `검색 결과와 브라우저 탭에 보이는 제목입니다. ${SEO_TITLE_SOFT_LIMIT}자를 넘으면 잘려 보일 수 있습니다.`,
      validation: (rule) =>
        rule.max(SEO_TITLE_SOFT_LIMIT).warning(`${SEO_TITLE_SOFT_LIMIT}자 이내를 권장합니다.`),
    }),
    defineField({
      name: 'description',
      title: '검색 설명',
      type: 'text',
      rows: 3,
      description: `검색 결과와 공유 미리보기에 보이는 요약입니다. ${SEO_DESCRIPTION_SOFT_LIMIT}자 이내를 권장합니다.`,
      validation: (rule) =>
        rule
          .max(SEO_DESCRIPTION_SOFT_LIMIT)
          .warning(`${SEO_DESCRIPTION_SOFT_LIMIT}자 이내를 권장합니다.`),
    }),
    defineField({
      name: 'image',
      title: '공유 이미지',
      type: 'imageWithAlt',
      description:
        '카카오톡·페이스북 등에 링크를 공유할 때 보이는 이미지 (1200×630 권장). 비워 두면 기본 공유 이미지를 씁니다.',
    }),
  ],
})
