import {EarthGlobeIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {normalizeMobile} from '#shared/leads/normalize-phone.ts'
import {CONTACT_LIMIT_HOURS} from '#shared/leads/owners.ts'
import {logoWhiteField, phoneField} from '../fields/brandFields.ts'
import {companyFields} from '../fields/companyFields.ts'
import {PATH_SEGMENT_PATTERN, slugifyAscii} from '../rules/pathSegment.ts'

/**
 * What a site's customer page registers: a visit to the model house, or interest before it opens.
 */
const REGISTRATION_NAMES = ['방문예약 등록', '관심고객 등록'] as const

/** A list of mobile numbers, each once, that the site's texts go to (in 브랜드·연락처). */
const mobilesField = ({
  name,
  title,
  description,
}: {
  name: string
  title: string
  description: string
}) =>
  defineField({
    name,
    title,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'string',
        validation: (rule) =>
          rule.custom((phone?: string) =>
            !phone || normalizeMobile(phone)
              ? true
              : '휴대폰 번호만 입력할 수 있습니다 (예: 010-1234-5678).',
          ),
      }),
    ],
    group: 'brand',
    description,
    validation: (rule) => rule.unique(),
  })

export const site = defineType({
  name: 'site',
  title: '사이트',
  type: 'document',
  icon: EarthGlobeIcon,
  description:
    '보도자료(/{주소}/press)와 방문예약(/{주소}/customer) 페이지를 따로 갖는 현장. 이 두 페이지의 헤더·푸터·검색 정보는 이 현장의 이름, 로고, 전화, 회사 정보로 보입니다.',
  groups: [
    {name: 'page', title: '페이지', default: true},
    {name: 'brand', title: '브랜드·연락처'},
    {name: 'visits', title: '견본주택·방문예약'},
  ],
  fields: [
    defineField({
      name: 'name',
      title: '사이트 이름',
      type: 'string',
      group: ['page', 'brand'],
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'englishName',
      group: 'page',
      title: '영문 이름',
      type: 'string',
      description:
        '주소를 만들 때 쓰는 영문 이름 (예: Ulsan Lakepark). 한글은 주소에 쓸 수 없어 따로 받습니다.',
      validation: (rule) =>
        rule
          .regex(/^[A-Za-z0-9 -]+$/, {name: '영문'})
          .error('영문·숫자·공백·하이픈만 입력해 주세요.'),
    }),
    defineField({
      name: 'slug',
      group: 'page',
      title: '주소',
      type: 'slug',
      description:
        '영문 소문자·숫자·하이픈 (예: ulsan-lakepark). "생성"을 누르면 영문 이름에서 만듭니다. 공개 후 바꾸면 기존 링크가 끊깁니다.',
      options: {source: 'englishName', slugify: slugifyAscii},
      validation: (rule) =>
        rule
          .required()
          .custom(
            (value?: {current?: string}) =>
              !value?.current ||
              PATH_SEGMENT_PATTERN.test(value.current) ||
              '영문 소문자·숫자를 하이픈으로 이은 형식이어야 합니다 (예: ulsan-lakepark).',
          ),
    }),
    defineField({
      name: 'region',
      title: '지역',
      type: 'string',
      group: 'page',
      description: '예: 울산광역시',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'registrationName',
      group: 'page',
      title: '등록 이름',
      type: 'string',
      description:
        '방문예약 페이지의 양식 제목, 메뉴 이름과 검색 제목에 쓰입니다. 견본주택을 열기 전에는 관심고객 등록을 고르세요.',
      options: {list: [...REGISTRATION_NAMES], layout: 'radio'},
      initialValue: REGISTRATION_NAMES[0],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'heading',
      group: 'page',
      title: '방문예약 페이지 제목',
      type: 'string',
      description: '등록 이름이 들어간 제목 (예: 솔담 리버파크 관심고객 등록).',
      validation: (rule) =>
        rule
          .required()
          .max(60)
          .custom((value: string | undefined, context) => {
            const name = (context.document as {registrationName?: string} | undefined)
              ?.registrationName
            return (
              !value ||
              !name ||
              value.includes(name) ||
              `제목에 등록 이름 "${name}"이 들어가야 양식 제목과 맞습니다.`
            )
          }),
    }),
    defineField({
      name: 'blurb',
      group: 'page',
      title: '고객센터 안내 문구',
      type: 'text',
      rows: 3,
      description: '방문예약 페이지 왼쪽의 안내 (문의를 남기시면 빠르게 답변…).',
      validation: (rule) => rule.required().max(400),
    }),
    defineField({
      name: 'image',
      title: '대표 이미지',
      type: 'imageWithAlt',
      group: 'page',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'logo',
      title: '로고',
      type: 'imageWithAlt',
      group: 'brand',
      description: '이 현장 페이지의 헤더 로고 (240×64 SVG 권장).',
      validation: (rule) => rule.required(),
    }),
    logoWhiteField(),
    phoneField('이 현장 페이지의 헤더·푸터·하단 바에 보이는 번호.'),
    defineField({
      name: 'refusalPhone',
      title: '수신거부 번호',
      type: 'string',
      group: 'brand',
      description:
        '광고 문자의 무료 수신거부 080 번호 (예: 080-123-4567). 비워 두면 방문 예약자에게는 ' +
        '예약 확인 링크로 거부를 안내하고, 방문 예약이 없는 분께는 광고 문자를 보내지 않습니다.',
      validation: (rule) =>
        rule.regex(/^080-\d{3,4}-\d{4}$/, {name: '080 번호 (예: 080-123-4567)'}),
    }),
    mobilesField({
      name: 'staffAlertPhones',
      title: '신규 문의 알림 받을 번호',
      description:
        '이 현장에 새 문의가 들어오면 짧은 알림 문자를 받을 상담 직원의 휴대폰 번호 ' +
        '(예: 010-1234-5678). 5분 안에 여러 건이 들어오면 번호마다 한 통으로 묶어 보냅니다.',
    }),
    mobilesField({
      name: 'operationsAlertPhones',
      title: '운영 알림 받을 번호',
      description:
        '문자 발송이 연달아 실패하거나, 예약 작업이 늦어지거나, 문의 전달이 30분 넘게 실패하면 ' +
        '알림 문자를 받을 관리자의 휴대폰 번호 (예: 010-1234-5678). 문제마다 한 번, 해결되면 ' +
        '한 번 더 보냅니다. 모든 현장의 번호로 함께 보냅니다.',
    }),
    defineField({
      name: 'staffContacts',
      title: '직원별 알림 번호',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'staffContact',
          title: '직원 연락처',
          fields: [
            defineField({
              name: 'email',
              title: '로그인 이메일',
              type: 'string',
              description: '상담 관리에 로그인하는 이메일 (직원 관리의 계정).',
              validation: (rule) => rule.required().email(),
            }),
            defineField({
              name: 'phone',
              title: '휴대폰 번호',
              type: 'string',
              validation: (rule) =>
                rule
                  .required()
                  .custom((phone?: string) =>
                    !phone || normalizeMobile(phone)
                      ? true
                      : '휴대폰 번호만 입력할 수 있습니다 (예: 010-1234-5678).',
                  ),
            }),
          ],
          preview: {select: {title: 'email', subtitle: 'phone'}},
        }),
      ],
      group: 'brand',
      description:
        '담당 문의의 방문 예약을 방문객이 취소·변경하면 담당 직원의 이 번호로, 연락 기한이 ' +
        '지난 문의는 관리자 계정의 번호로 알림 문자를 보냅니다. 번호가 없는 직원의 알림은 ' +
        '위의 신규 문의 알림 번호로 갑니다.',
    }),
    defineField({
      name: 'contactLimitHours',
      title: '첫 연락 기한(시간)',
      type: 'number',
      group: 'brand',
      description:
        '새 문의에 이 시간 안에 연락(진행 단계 변경 또는 통화 기록)이 없으면 관리자에게 알림 ' +
        '문자를 보냅니다. 견본주택 운영 시간만 셉니다. 기본 2시간.',
      initialValue: CONTACT_LIMIT_HOURS,
      validation: (rule) => rule.min(0.5).max(72),
    }),
    defineField({
      name: 'company',
      title: '회사 정보',
      type: 'object',
      group: 'brand',
      description: '이 현장 페이지의 푸터와 검색 정보에 보이는 시행사·시공사·주소.',
      fields: companyFields({requireBusinessNumber: false}),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'modelHouse',
      title: '견본주택·방문예약',
      type: 'modelHouse',
      group: 'visits',
      description: '비워 두면 이 현장은 방문 시간 예약을 받지 않습니다 (문의 등록만 받습니다).',
    }),
  ],
  preview: {
    select: {title: 'name', slug: 'slug.current', region: 'region', media: 'image'},
    prepare: ({title, slug, region, media}) => ({
      title,
      subtitle: [region, slug ? `/${slug}` : null].filter(Boolean).join(' · '),
      media,
    }),
  },
})
