import {ThLargeIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {BY_ORDER, orderField} from '../fields/order.ts'

const UNIT_SEGMENT_PATTERN = /^[0-9]{2,3}[A-Z]$/

export const unitType = defineType({
  name: 'unitType',
  title: '세대 타입',
  type: 'document',
  icon: ThLargeIcon,
  description: '세대안내(/FloorPlan/…) 의 평면도 한 장과 안내 문구.',
  fields: [
    defineField({
      name: 'code',
      title: '타입 코드',
      type: 'string',
      description: '내부 관리용 코드 (예: 84A).',
      validation: (rule) => rule.required().regex(UNIT_SEGMENT_PATTERN, {name: '타입 코드'}),
    }),
    defineField({
      name: 'label',
      title: '표시 이름',
      type: 'string',
      description: '메뉴와 탭에 보이는 이름 (예: 84C).',
      validation: (rule) => rule.required().max(10),
    }),
    defineField({
      name: 'slug',
      title: '주소',
      type: 'slug',
      description:
        '/FloorPlan/ 뒤에 붙는 주소. 한 번 알린 주소는 바꾸지 마세요 (예: 84C 타입은 114A).',
      options: {
        source: 'code',
        slugify: (input: string) => input.toUpperCase().replace(/[^0-9A-Z]/g, ''),
      },
      validation: (rule) =>
        rule
          .required()
          .custom(
            (value?: {current?: string}) =>
              !value?.current ||
              UNIT_SEGMENT_PATTERN.test(value.current) ||
              '숫자 뒤에 대문자 하나 (예: 114A) 형식이어야 합니다.',
          ),
    }),
    defineField({
      name: 'exclusiveArea',
      title: '전용면적 (㎡)',
      type: 'number',
      validation: (rule) => rule.required().positive().max(400),
    }),
    defineField({
      name: 'supplyArea',
      title: '공급면적 (㎡)',
      type: 'number',
      validation: (rule) =>
        rule
          .required()
          .positive()
          .custom((supply, context) => {
            const exclusive = (context.document as {exclusiveArea?: number} | undefined)
              ?.exclusiveArea
            return (
              supply === undefined ||
              exclusive === undefined ||
              supply >= exclusive ||
              '공급면적은 전용면적보다 작을 수 없습니다.'
            )
          }),
    }),
    defineField({
      name: 'households',
      title: '세대수',
      type: 'number',
      description: '이 타입으로 공급하는 세대수. 공급하지 않는 타입은 비워 둡니다.',
      validation: (rule) => rule.integer().min(1),
    }),
    defineField({
      name: 'bedrooms',
      title: '방 수',
      type: 'number',
      description: '침실 수 (예: 3). 평면도 옆 "방 3 · 욕실 2"로 보입니다.',
      validation: (rule) => rule.integer().min(1).max(9),
    }),
    defineField({
      name: 'bathrooms',
      title: '욕실 수',
      type: 'number',
      validation: (rule) => rule.integer().min(1).max(9),
    }),
    defineField({
      name: 'remaining',
      title: '잔여 세대',
      type: 'number',
      description:
        '지금 남은 세대수. 0이면 "마감"으로 보입니다. 비워 두면 잔여 세대를 보이지 않습니다.',
      validation: (rule) => rule.integer().min(0),
    }),
    defineField({
      name: 'remainingCheckedAt',
      title: '잔여 세대 확인일',
      type: 'date',
      description: '잔여 세대를 마지막으로 확인한 날. 사이트에 "N월 N일 기준"으로 보입니다.',
      validation: (rule) =>
        rule.custom((value, context) =>
          typeof (context.document as {remaining?: number} | undefined)?.remaining === 'number' &&
          !value
            ? '잔여 세대를 적었으면 확인일도 적어 주세요.'
            : true,
        ),
    }),
    defineField({
      name: 'status',
      title: '상태',
      type: 'string',
      options: {
        list: [
          {title: '공개', value: 'available'},
          {title: '준비 중 (COMING SOON)', value: 'comingSoon'},
        ],
        layout: 'radio',
      },
      initialValue: 'available',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'image',
      title: '평면도',
      type: 'imageWithAlt',
      description: '공개 상태이면 필수.',
      validation: (rule) =>
        rule
          .custom((value, context) =>
            (context.document as {status?: string} | undefined)?.status === 'available' &&
            !(value as {asset?: unknown} | undefined)?.asset
              ? '공개 상태의 타입에는 평면도가 필요합니다.'
              : true,
          )
          .error(),
    }),
    defineField({
      name: 'notice',
      title: '안내 문구',
      type: 'text',
      rows: 3,
      description:
        '평면도 아래의 유의사항: 그림이 무엇인지(그린 평면도인지, 사진인지)와 유상옵션 안내.',
      validation: (rule) => rule.required().max(400),
    }),
    orderField(),
  ],
  orderings: [BY_ORDER],
  preview: {
    select: {
      label: 'label',
      code: 'code',
      exclusiveArea: 'exclusiveArea',
      supplyArea: 'supplyArea',
      status: 'status',
      media: 'image',
    },
    prepare: ({label, code, exclusiveArea, supplyArea, status, media}) => ({
      title: label === code ? label : `${label} (${code})`,
      subtitle: [
        exclusiveArea ? `전용 ${exclusiveArea}㎡` : null,
        supplyArea ? `공급 ${supplyArea}㎡` : null,
        status === 'comingSoon' ? '준비 중' : null,
      ]
        .filter(Boolean)
        .join(' · '),
      media,
    }),
  },
})
