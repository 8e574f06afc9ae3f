import { EarthGlobeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { PATH_SEGMENT_PATTERN, slugifyAscii } from '../rules/pathSegment'

export const site = defineType({
  name: 'site',
  title: '사이트',
  type: 'document',
  icon: EarthGlobeIcon,
  description: '보도자료(/{주소}/press)와 방문예약(/{주소}/customer) 페이지를 따로 갖는 현장.',
  fields: [
    defineField({ name: 'name', title: '사이트 이름', type: 'string', validation: (rule) => rule.required().max(40) }),
    defineField({
      name: 'englishName',
      title: '영문 이름',
      type: 'string',
      description: '주소를 만들 때 쓰는 영문 이름 (예: Ulsan Lakepark). 한글은 주소에 쓸 수 없어 따로 받습니다.',
      validation: (rule) => rule.regex(/^[A-Za-z0-9 -]+$/, { name: '영문' }).error('영문·숫자·공백·하이픈만 입력해 주세요.'),
    }),
    defineField({
      name: 'slug',
      title: '주소',
      type: 'slug',
      description: '영문 소문자·숫자·하이픈 (예: ulsan-lakepark). "생성"을 누르면 영문 이름에서 만듭니다. 공개 후 바꾸면 기존 링크가 끊깁니다.',
      options: { source: 'englishName', slugify: slugifyAscii },
      validation: (rule) =>
        rule.required().custom((value?: { current?: string }) =>
          !value?.current || PATH_SEGMENT_PATTERN.test(value.current) || '영문 소문자·숫자를 하이픈으로 이은 형식이어야 합니다 (예: ulsan-lakepark).',
        ),
    }),
    defineField({ name: 'region', title: '지역', type: 'string', description: '예: 울산광역시', validation: (rule) => rule.required().max(30) }),
    defineField({
      name: 'heading',
      title: '방문예약 페이지 제목',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'blurb',
      title: '고객센터 안내 문구',
      type: 'text',
      rows: 3,
      description: '방문예약 페이지 왼쪽의 안내 (문의를 남기시면 빠르게 답변…).',
      validation: (rule) => rule.required().max(400),
    }),
    defineField({ name: 'image', title: '대표 이미지', type: 'imageWithAlt', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'name', slug: 'slug.current', region: 'region', media: 'image' },
    prepare: ({ title, slug, region, media }) => ({ title, subtitle: [region, slug ? `/${slug}` : null].filter(Boolean).join(' · '), media }),
  },
})
