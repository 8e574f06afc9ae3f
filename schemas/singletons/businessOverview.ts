import {InfoOutlineIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

export const businessOverview = defineType({
  name: 'businessOverview',
  title: '사업개요',
  type: 'document',
  icon: InfoOutlineIcon,
  description:
    '/BusinessGuide/intro 의 사업개요 표와 모바일 홈의 개요에 쓰입니다. 숫자는 단위 없이 입력하세요.',
  fields: [
    defineField({
      name: 'projectName',
      title: '사업명',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'location',
      title: '대지위치',
      type: 'string',
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'siteArea',
      title: '대지면적 (㎡)',
      type: 'number',
      validation: (rule) => rule.required().positive(),
    }),
    defineField({
      name: 'buildingArea',
      title: '건축면적 (㎡)',
      type: 'number',
      validation: (rule) => rule.required().positive(),
    }),
    defineField({
      name: 'grossFloorArea',
      title: '연면적 (㎡)',
      type: 'number',
      validation: (rule) => rule.required().positive(),
    }),
    defineField({
      name: 'floorAreaRatio',
      title: '용적률 (%)',
      type: 'number',
      validation: (rule) => rule.required().positive().max(2000),
    }),
    defineField({
      name: 'basementFloors',
      title: '지하 층수',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0).max(10),
    }),
    defineField({
      name: 'aboveGroundFloors',
      title: '지상 층수',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1).max(100),
    }),
    defineField({
      name: 'buildings',
      title: '동 수',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'units',
      title: '세대수',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'unitSizes',
      title: '주택형',
      type: 'string',
      description: '예: 84㎡ A·B·C타입',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'supplyType',
      title: '공급 유형',
      type: 'string',
      initialValue: '장기일반민간임대주택',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'rentalYears',
      title: '임대 의무 기간 (년)',
      type: 'number',
      initialValue: 10,
      validation: (rule) => rule.required().integer().min(1).max(30),
    }),
  ],
  preview: {
    select: {title: 'projectName', units: 'units', buildings: 'buildings'},
    prepare: ({title, units, buildings}) => ({
      title: title ?? '사업개요',
      subtitle: units ? `${units}세대 · ${buildings ?? '?'}개 동` : undefined,
    }),
  },
})
