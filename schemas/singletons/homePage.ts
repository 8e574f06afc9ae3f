import {HomeIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType, type FieldDefinition} from 'sanity'

const heading = (title = '제목') =>
  defineField({
    name: 'heading',
    title,
    type: 'string',
    validation: (rule) => rule.required().max(60),
  })
const text = (title = '본문') =>
  defineField({
    name: 'text',
    title,
    type: 'text',
    rows: 4,
    validation: (rule) => rule.required().max(600),
  })
const shortTitle = () =>
  defineField({
    name: 'title',
    title: '제목',
    type: 'string',
    validation: (rule) => rule.required().max(40),
  })
const image = (title = '이미지') =>
  defineField({name: 'image', title, type: 'imageWithAlt', validation: (rule) => rule.required()})

/** A required section of the page: an object of its own fields. */
const section = (name: string, title: string, fields: FieldDefinition[], description?: string) =>
  defineField({
    name,
    title,
    type: 'object',
    description,
    fields,
    validation: (rule) => rule.required(),
  })

/** A titled list item (location point, special-plan item). */
const titledItem = (name: string) =>
  defineArrayMember({
    name,
    type: 'object',
    fields: [
      shortTitle(),
      defineField({
        name: 'text',
        title: '설명',
        type: 'text',
        rows: 2,
        validation: (rule) => rule.required().max(200),
      }),
    ],
  })

/** A section of heading, text, image and 1 to 6 titled items (location points, special plan). */
const sectionWithItems = (
  name: string,
  title: string,
  items: {name: string; title: string; member: string},
) =>
  section(name, title, [
    heading(),
    text(),
    image(),
    defineField({
      name: items.name,
      title: items.title,
      type: 'array',
      of: [titledItem(items.member)],
      validation: (rule) => rule.required().min(1).max(6),
    }),
  ])

/** One panel of the mobile overview accordion. */
const overviewPanel = (name: string, title: string, withImage: boolean) =>
  section(name, title, [shortTitle(), text(), ...(withImage ? [image()] : [])])

/** One panel of the mobile complex accordion. */
const complexPanel = (name: string, title: string) =>
  section(name, title, [
    shortTitle(),
    text(),
    defineField({
      name: 'images',
      title: '이미지',
      type: 'array',
      of: [defineArrayMember({type: 'imageWithAlt'})],
      validation: (rule) => rule.required().min(1),
    }),
  ])

export const homePage = defineType({
  name: 'homePage',
  title: '홈 화면',
  type: 'document',
  icon: HomeIcon,
  description: '홈(/) 의 섹션별 문구와 이미지. 화면 순서대로 나열되어 있습니다.',
  fields: [
    section('hero', '① 메인 비주얼', [
      defineField({
        name: 'eyebrow',
        title: '윗줄 문구',
        type: 'string',
        validation: (rule) => rule.max(60),
      }),
      defineField({
        name: 'title',
        title: '큰 제목',
        type: 'string',
        validation: (rule) => rule.required().max(60),
      }),
      defineField({
        name: 'subtitle',
        title: '부제',
        type: 'text',
        rows: 2,
        validation: (rule) => rule.max(160),
      }),
      defineField({
        name: 'ctaLabel',
        title: '분홍 버튼 글자',
        type: 'string',
        description: '관심고객 등록 팝업을 여는 버튼.',
        validation: (rule) => rule.required().max(20),
      }),
      image('배경 이미지'),
    ]),
    sectionWithItems('locationPoints', '② 입지 포인트', {
      name: 'points',
      title: '포인트',
      member: 'locationPoint',
    }),
    section('brandIntro', '③ 브랜드 소개', [heading(), text(), image()]),
    sectionWithItems('specialPlan', '④ 특화 설계', {
      name: 'items',
      title: '특화 항목',
      member: 'specialPlanItem',
    }),
    section(
      'premiumSection',
      '⑤ 프리미엄',
      [heading(), text()],
      '카드 4장은 "프리미엄 카드" 문서에서 편집합니다.',
    ),
    section('unitPlanSection', '⑥ 세대안내', [
      defineField({
        name: 'heading',
        title: '기본 제목',
        type: 'string',
        initialValue: '세대안내',
        description: '아코디언이 모두 닫혔을 때의 제목.',
        validation: (rule) => rule.required().max(30),
      }),
      defineField({
        name: 'typesTitle',
        title: '타입 안내 제목',
        type: 'string',
        validation: (rule) => rule.required().max(30),
      }),
      defineField({
        name: 'typesText',
        title: '타입 안내 설명',
        type: 'text',
        rows: 2,
        validation: (rule) => rule.required().max(200),
      }),
      defineField({
        name: 'emodelTitle',
        title: 'E-모델하우스 제목',
        type: 'string',
        validation: (rule) => rule.required().max(30),
      }),
      defineField({
        name: 'emodelText',
        title: 'E-모델하우스 설명',
        type: 'text',
        rows: 2,
        validation: (rule) => rule.required().max(200),
      }),
    ]),
    section('reservationSection', '⑦ 방문예약', [heading(), text(), image()]),
    section('mobileOverview', '모바일 사업개요 아코디언', [
      overviewPanel('overview', '사업개요', true),
      overviewPanel('location', '입지환경', true),
      overviewPanel('premium', '프리미엄 (슬라이드는 "프리미엄 슬라이드" 문서)', false),
    ]),
    section('complexAccordion', '모바일 단지 아코디언', [
      complexPanel('layout', '단지배치'),
      complexPanel('specialDesign', '특화설계'),
      complexPanel('community', '커뮤니티'),
    ]),
    defineField({
      name: 'seo',
      title: '검색·공유 설정',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {title: 'hero.title'},
    prepare: ({title}) => ({title: '홈 화면', subtitle: title}),
  },
})
