import {CogIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {logoWhiteField, phoneField} from '../fields/brandFields.ts'
import {companyFields} from '../fields/companyFields.ts'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: '사이트 기본 설정',
  type: 'document',
  icon: CogIcon,
  groups: [
    {name: 'brand', title: '브랜드·연락처', default: true},
    {name: 'footer', title: '푸터·회사 정보'},
    {name: 'marketing', title: '홍보 문구'},
    {name: 'seo', title: '검색·공유'},
  ],
  fields: [
    defineField({
      name: 'complexName',
      title: '단지명',
      type: 'string',
      group: 'brand',
      description: '사이트 곳곳과 검색 제목에 쓰이는 단지 이름 (예: 솔담 레이크파크).',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'brandName',
      title: '브랜드명',
      type: 'string',
      group: 'brand',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'logo',
      title: '로고',
      type: 'imageWithAlt',
      group: 'brand',
      validation: (rule) => rule.required(),
    }),
    logoWhiteField(),
    phoneField('사이트 전체에 표시되는 단 하나의 번호.'),
    defineField({
      name: 'counselHours',
      title: '상담 시간',
      type: 'string',
      group: 'brand',
      initialValue: '24시간 상담',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'consultLabel',
      title: '헤더 상담 링크 이름',
      type: 'string',
      group: 'brand',
      description:
        '데스크톱 헤더의 상담 링크에 보이는 글자입니다. 링크가 여는 페이지의 이름을 적어 주세요 (예: 방문예약 등록).',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'consultUrl',
      title: '헤더 상담 링크 주소',
      type: 'string',
      group: 'brand',
      description: '사이트 안의 경로(예: /Promotion/Customer) 또는 외부 상담 주소.',
      validation: (rule) =>
        rule
          .required()
          .custom(
            (value?: string) =>
              !value ||
              /^(\/|https?:\/\/|tel:)/.test(value) ||
              '/, https:// 또는 tel: 로 시작해야 합니다.',
          ),
    }),
    defineField({
      name: 'headerBanner',
      title: '헤더 배너',
      type: 'object',
      group: 'brand',
      description:
        '데스크톱 헤더 오른쪽의 작은 배너. 누르면 방문 예약 창이 열립니다. 글자는 사이트가 그림 위에 직접 씁니다.',
      fields: [
        defineField({
          name: 'title',
          title: '제목',
          type: 'string',
          description: '굵게 보이는 첫째 줄 (예: 견본주택 방문예약).',
          validation: (rule) => rule.required().max(12),
        }),
        defineField({
          name: 'text',
          title: '둘째 줄',
          type: 'string',
          description: '작게 보이는 둘째 줄 (예: 원하는 시간에 예약하세요).',
          validation: (rule) => rule.max(14),
        }),
        defineField({
          name: 'image',
          title: '배경 그림',
          type: 'imageWithAlt',
          description:
            '글자 없는 장식 그림 (400×80, 왼쪽에 아이콘, 흰 글자가 잘 보이는 진한 색). 글자를 그려 넣지 마세요: 휴대폰에서 읽을 수 없습니다.',
        }),
      ],
    }),
    defineField({
      name: 'company',
      title: '회사 정보',
      type: 'object',
      group: 'footer',
      fields: companyFields({requireBusinessNumber: true}),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'familySites',
      title: '패밀리 사이트',
      type: 'array',
      group: 'footer',
      description: '푸터의 패밀리 사이트 목록.',
      of: [
        defineArrayMember({
          name: 'familySite',
          type: 'object',
          fields: [
            defineField({
              name: 'title',
              title: '이름',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'url',
              title: '주소',
              type: 'url',
              validation: (rule) => rule.required().uri({scheme: ['https', 'http']}),
            }),
          ],
          preview: {select: {title: 'title', subtitle: 'url'}},
        }),
      ],
    }),
    defineField({
      name: 'copyrightYear',
      title: '저작권 연도',
      type: 'number',
      group: 'footer',
      validation: (rule) => rule.required().integer().min(2000).max(2100),
    }),
    defineField({
      name: 'planNotice',
      title: '계획 변경 안내 문구',
      type: 'text',
      rows: 3,
      group: 'footer',
      description: '사이트 내용이 계획 단계의 것이며 변경될 수 있다는 안내. 푸터에 표시됩니다.',
      validation: (rule) => rule.required().max(400),
    }),
    defineField({
      name: 'defaultSite',
      title: '기본 사이트',
      type: 'reference',
      group: 'brand',
      to: [{type: 'site'}],
      description: '/Promotion/Press 로 들어왔을 때 보여 줄 보도자료 사이트.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'firstComeNotice',
      title: '선착순 계약 진행 중 안내',
      type: 'boolean',
      group: 'marketing',
      description:
        '켜면 모든 페이지의 헤더와 세대안내(잔여 세대 옆)에 "선착순 계약 진행 중"이 보입니다.',
      initialValue: false,
    }),
    defineField({
      name: 'marketing',
      title: '핵심 홍보 문구',
      type: 'object',
      group: 'marketing',
      description: '헤더·히어로·카드에 반복해서 쓰이는 짧은 문구.',
      fields: [
        defineField({
          name: 'depositGuarantee',
          title: '임대보증금 보증',
          type: 'string',
          validation: (rule) => rule.required().max(60),
        }),
        defineField({
          name: 'brandTier',
          title: '브랜드',
          type: 'string',
          validation: (rule) => rule.required().max(60),
        }),
        defineField({
          name: 'rentalTerm',
          title: '임대 기간',
          type: 'string',
          validation: (rule) => rule.required().max(60),
        }),
        defineField({
          name: 'subscriptionResult',
          title: '청약 결과',
          type: 'string',
          validation: (rule) => rule.required().max(60),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'seo',
      title: '기본 검색·공유 설정',
      type: 'seo',
      group: 'seo',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'naverVerification',
      title: '네이버 사이트 인증 코드',
      type: 'string',
      group: 'seo',
      description: '네이버 서치어드바이저의 naver-site-verification 값.',
      validation: (rule) => rule.regex(/^[A-Za-z0-9_-]{10,80}$/, {name: '인증 코드'}),
    }),
    defineField({
      name: 'googleVerification',
      title: '구글 사이트 인증 코드',
      type: 'string',
      group: 'seo',
      description: '구글 서치 콘솔의 google-site-verification 값.',
      validation: (rule) => rule.regex(/^[A-Za-z0-9_-]{10,80}$/, {name: '인증 코드'}),
    }),
  ],
  preview: {
    select: {title: 'complexName', phone: 'phone', hours: 'counselHours'},
    prepare: ({title, phone, hours}) => ({
      title: title ?? '사이트 기본 설정',
      subtitle: [phone, hours].filter(Boolean).join(' · '),
    }),
  },
})
