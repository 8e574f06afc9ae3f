import {HomeIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {cubePanoramaProblem, isRoomId} from '../rules/tour.ts'

/** One room of an E-model tour: its panorama, its place on the mini-map and the ways out of it. */
export const tourRoom = defineType({
  name: 'tourRoom',
  title: '공간',
  type: 'object',
  icon: HomeIcon,
  fields: [
    defineField({
      name: 'name',
      title: '공간 이름',
      type: 'string',
      description: '방문자에게 보이는 이름 (예: 거실, 침실1 (안방)).',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'roomId',
      title: '공간 ID',
      type: 'string',
      description:
        '영문 소문자·숫자·하이픈 (예: living, bed1). 이동 지점과 시작 공간이 이 ID로 가리킵니다.',
      validation: (rule) =>
        rule
          .required()
          .custom(
            (value?: string) =>
              !value || isRoomId(value) || '영문 소문자, 숫자, 하이픈(-)만 쓸 수 있습니다.',
          ),
    }),
    defineField({
      name: 'panorama',
      title: '360° 파노라마',
      type: 'cubePanorama',
      // Rules on the field replace the type's own, so the cube's rule is repeated by reference
      // here.
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            cubePanoramaProblem(value as Parameters<typeof cubePanoramaProblem>[0]),
          ),
    }),
    defineField({
      name: 'mapX',
      title: '평면도 위 가로 위치',
      type: 'number',
      description:
        '평면도 그림의 왼쪽 끝 0, 오른쪽 끝 1 (예: 0.42). 미니맵에 이 자리에 표시됩니다.',
      validation: (rule) => rule.required().min(0).max(1),
    }),
    defineField({
      name: 'mapY',
      title: '평면도 위 세로 위치',
      type: 'number',
      description: '평면도 그림의 위쪽 끝 0, 아래쪽 끝 1.',
      validation: (rule) => rule.required().min(0).max(1),
    }),
    defineField({
      name: 'startYaw',
      title: '처음 보는 방향 (°)',
      type: 'number',
      description: '0 = 북쪽(평면도 위쪽), 90 = 동쪽, 180 = 남쪽, 270 = 서쪽.',
      initialValue: 180,
      validation: (rule) => rule.min(0).max(360),
    }),
    defineField({
      name: 'hotspots',
      title: '이동 지점',
      type: 'array',
      of: [{type: 'tourHotspot'}],
      description: '파노라마 안에서 다른 공간으로 가는 문과 통로.',
    }),
  ],
  preview: {
    select: {title: 'name', roomId: 'roomId', media: 'panorama.front', hotspots: 'hotspots'},
    prepare: ({title, roomId, media, hotspots}) => ({
      title,
      subtitle: `${roomId ?? ''} · 이동 지점 ${Array.isArray(hotspots) ? hotspots.length : 0}곳`,
      media,
    }),
  },
})
