import {ImagesIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {CUBE_FACES, cubePanoramaProblem, FACE_TITLES} from '../rules/tour.ts'

/** A 360° picture of one room as the six faces of a cube around the viewer. */
export const cubePanorama = defineType({
  name: 'cubePanorama',
  title: '360° 파노라마 (정육면체 6면)',
  type: 'object',
  icon: ImagesIcon,
  description:
    '방 한가운데 선 사람이 본 여섯 방향. 평면도의 위쪽(북쪽)을 "앞"으로, 같은 크기의 정사각형 이미지 여섯 장 (1024×1024 권장).',
  fields: CUBE_FACES.map((face) =>
    defineField({name: face, title: FACE_TITLES[face], type: 'image'}),
  ),
  validation: (rule) =>
    rule.custom((value) => cubePanoramaProblem(value as Parameters<typeof cubePanoramaProblem>[0])),
  options: {collapsible: true, collapsed: true},
  preview: {
    select: {media: 'front'},
    prepare: ({media}) => ({title: '360° 파노라마', media}),
  },
})
