import {DocumentIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {SITE_PATH_PATTERN} from '../rules/sitePath.ts'
import {uniqueValue} from '../rules/uniqueValue.ts'

export const page = defineType({
  name: 'page',
  title: '페이지',
  type: 'document',
  icon: DocumentIcon,
  description:
    '사이트의 콘텐츠 페이지 하나 (예: /Brand/intro). 세대안내(/FloorPlan/84A 등)는 "세대 타입"에서 편집합니다.',
  groups: [
    {name: 'content', title: '내용', default: true},
    {name: 'banner', title: '상단 배너'},
    {name: 'seo', title: '검색·공유'},
  ],
  fields: [
    defineField({
      name: 'path',
      title: '경로',
      type: 'string',
      group: 'content',
      description:
        '사이트 주소의 경로. 메뉴와 같은 대소문자로 입력합니다 (예: /ComplexGuide/intro). 새 경로는 개발 팀이 화면을 연결해야 보입니다.',
      validation: (rule) => [
        rule.required(),
        rule
          .regex(SITE_PATH_PATTERN, {name: '사이트 경로'})
          .error('/로 시작하고 영문·숫자로 된 경로를 입력해 주세요.'),
        rule.custom(uniqueValue('path', '같은 경로의 페이지가 이미 있습니다.')),
      ],
    }),
    defineField({
      name: 'title',
      title: '페이지 제목',
      type: 'string',
      group: 'content',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'bannerTitle',
      title: '배너 제목',
      type: 'string',
      group: 'banner',
      description: '배너 이미지 위에 겹쳐 보이는 큰 글자.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'bannerSubtitle',
      title: '배너 부제',
      type: 'string',
      group: 'banner',
      validation: (rule) => rule.max(80),
    }),
    defineField({
      name: 'bannerImage',
      title: '배너 이미지',
      type: 'imageWithAlt',
      group: 'banner',
      description: '1920×400. 글자는 사이트가 겹쳐 쓰므로 이미지에는 글자를 넣지 마세요.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'intro',
      title: '소개 문단',
      type: 'text',
      rows: 3,
      group: 'content',
      validation: (rule) => rule.max(600),
    }),
    defineField({
      name: 'sections',
      title: '본문 구역',
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          name: 'pageSection',
          title: '구역',
          type: 'object',
          fields: [
            defineField({
              name: 'heading',
              title: '소제목',
              type: 'string',
              validation: (rule) => rule.max(60),
            }),
            defineField({
              name: 'body',
              title: '내용',
              type: 'text',
              rows: 4,
              validation: (rule) => rule.max(1500),
            }),
            defineField({
              name: 'facts',
              title: '정보 표',
              type: 'array',
              description:
                '목록·일정·조건은 그림 속 글자가 아니라 표로 입력합니다: 휴대폰에서도 읽히고 검색됩니다.',
              of: [defineArrayMember({type: 'factTable'})],
            }),
            defineField({
              name: 'image',
              title: '이미지',
              type: 'imageWithAlt',
              description: '표가 있으면 그 아래에 보이는 그림. 그림에만 있는 정보는 두지 마세요.',
            }),
          ],
          validation: (rule) =>
            rule.custom(
              (value?: {heading?: string; body?: string; facts?: unknown[]; image?: unknown}) =>
                !value || value.heading || value.body || value.facts?.length || value.image
                  ? true
                  : '소제목·내용·정보 표·이미지 중 하나는 채워 주세요.',
            ),
          preview: {
            select: {title: 'heading', subtitle: 'body', media: 'image'},
            prepare: ({title, subtitle, media}) => ({
              title: title ?? '(소제목 없음)',
              subtitle,
              media,
            }),
          },
        }),
      ],
    }),
    defineField({
      name: 'disclaimers',
      title: '유의사항',
      type: 'array',
      group: 'content',
      description: '이미지 아래에 ※ 표시와 함께 나열됩니다. 한 줄에 한 항목.',
      of: [defineArrayMember({type: 'string', validation: (rule) => rule.required().max(300)})],
    }),
    defineField({
      name: 'subNav',
      title: '하위 내비게이션',
      type: 'array',
      group: 'content',
      description: '배너 아래의 탭 링크. 현재 페이지도 목록에 넣으면 선택된 상태로 보입니다.',
      of: [defineArrayMember({type: 'navLink'})],
    }),
    defineField({
      name: 'comingSoon',
      title: '준비 중 표시',
      type: 'boolean',
      group: 'content',
      initialValue: false,
      description: '켜면 본문 대신 "COMING SOON" 안내가 보입니다.',
    }),
    defineField({
      name: 'video',
      title: '영상',
      type: 'videoSource',
      group: 'content',
      description:
        '/Brand/video 처럼 영상을 보여 주는 페이지에만. 데스크톱에서 1300×500 (2.6:1) 비율로 보이니 그 비율의 영상이 가장 잘 맞습니다.',
    }),
    defineField({
      name: 'attachment',
      title: '첨부 파일',
      type: 'file',
      group: 'content',
      description: '모집공고 PDF 등 내려받을 파일 (/SalesInfo/announcement).',
      options: {accept: 'application/pdf'},
      fields: [defineField({name: 'title', title: '파일 이름', type: 'string'})],
    }),
    defineField({
      name: 'note',
      title: '하단 안내',
      type: 'text',
      rows: 2,
      group: 'content',
      description:
        '본문 아래 작은 글씨의 안내 (예: 편집상 오류가 있을 수 있으니 모집공고를 확인하세요).',
      validation: (rule) => rule.max(400),
    }),
    defineField({
      name: 'seo',
      title: '검색·공유 설정',
      type: 'seo',
      group: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [{title: '경로순', name: 'pathAsc', by: [{field: 'path', direction: 'asc'}]}],
  preview: {
    select: {title: 'title', path: 'path', comingSoon: 'comingSoon', media: 'bannerImage'},
    prepare: ({title, path, comingSoon, media}) => ({
      title,
      subtitle: comingSoon ? `${path} · 준비 중` : path,
      media,
    }),
  },
})
