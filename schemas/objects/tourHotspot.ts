import {PinIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

/** A place in a room's panorama that takes the visitor to another room of the tour. */
export const tourHotspot = defineType({
  name: 'tourHotspot',
  title: '이동 지점',
  type: 'object',
  icon: PinIcon,
  fields: [
    defineField({
      name: 'target',
      title: '이동할 공간 ID',
      type: 'string',
      description: '같은 투어의 다른 공간 ID (예: kitchen).',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'yaw',
      title: '가로 방향 (°)',
      type: 'number',
      description:
        '0 = 평면도의 위쪽(북쪽), 90 = 오른쪽(동쪽), 180 = 아래쪽(남쪽), 270 = 왼쪽(서쪽). 보통 문이나 열린 곳의 가운데.',
      validation: (rule) => rule.required().min(0).max(360),
    }),
    defineField({
      name: 'pitch',
      title: '세로 방향 (°)',
      type: 'number',
      description: '0 = 눈높이, 음수 = 아래, 양수 = 위 (-90 ~ 90).',
      initialValue: -10,
      validation: (rule) => rule.required().min(-90).max(90),
    }),
  ],
  preview: {
    select: {target: 'target', yaw: 'yaw'},
    prepare: ({target, yaw}) => ({
      title: `→ ${target ?? '?'}`,
      subtitle: yaw === undefined ? undefined : `${yaw}°`,
    }),
  },
})
