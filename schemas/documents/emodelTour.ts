import {CubeIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {tourProblems, unreachableRooms, type TourValue} from '../rules/tour.ts'
import {BY_ORDER, orderField} from '../fields/order.ts'
import {pathKeyRule} from '../rules/pathSegment.ts'

export const emodelTour = defineType({
  name: 'emodelTour',
  title: 'E-모델하우스',
  type: 'document',
  icon: CubeIcon,
  description:
    '/FloorPlan/Emodel 과 홈의 360° 가상 투어 탭 (84A, 84B). 84A 가 처음 열립니다. 투어는 사이트의 /tour/84A 처럼 자체 주소에서 열립니다.',
  fields: [
    defineField({
      name: 'key',
      title: '타입',
      type: 'string',
      options: {list: ['84A', '84B'], layout: 'radio'},
      // The key is the tour's address (/tour/84A): the build makes a folder of it.
      validation: (rule) => rule.required().custom(pathKeyRule),
    }),
    defineField({
      name: 'title',
      title: '투어 제목',
      type: 'string',
      validation: (rule) => rule.required().max(30),
    }),
    orderField(),
    defineField({
      name: 'plan',
      title: '미니맵 평면도',
      type: 'imageWithAlt',
      description:
        '투어 구석의 미니맵에 쓰는 평면도 (글자 없이). 각 공간의 평면도 위 위치는 공간마다 적습니다.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'startRoom',
      title: '시작 공간 ID',
      type: 'string',
      description: '투어가 처음 보여 주는 공간의 ID (예: living).',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'rooms',
      title: '공간',
      type: 'array',
      of: [{type: 'tourRoom'}],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  validation: (rule) => [
    rule.custom((tour) => tourProblems(tour as TourValue).join(' ') || true).error(),
    rule
      .custom((tour) => {
        const unreachable = unreachableRooms(tour as TourValue)
        return (
          unreachable.length === 0 ||
          `시작 공간에서 이동 지점으로 갈 수 없는 공간: ${unreachable.join(', ')} (미니맵으로만 갈 수 있습니다)`
        )
      })
      .warning(),
  ],
  orderings: [BY_ORDER],
  preview: {
    select: {title: 'title', key: 'key', rooms: 'rooms', media: 'plan'},
    prepare: ({title, key, rooms, media}) => ({
      title: `${key ?? ''} ${title ?? ''}`.trim(),
      subtitle: `공간 ${Array.isArray(rooms) ? rooms.length : 0}곳`,
      media,
    }),
  },
})
