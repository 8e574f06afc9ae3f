import { PlayIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { YOUTUBE_ID_PATTERN } from '../rules/youtube'

export const guideVideo = defineType({
  name: 'guideVideo',
  title: '가이드 영상',
  type: 'document',
  icon: PlayIcon,
  description: '/FloorPlan/videos 의 영상 탭 (1: 입지환경, 2: 59타입, 3: 84타입). 1번 탭이 처음 열립니다.',
  fields: [
    defineField({
      name: 'tabId',
      title: '탭 번호',
      type: 'number',
      options: { list: [1, 2, 3] },
      validation: (rule) => rule.required().integer().min(1).max(3),
    }),
    defineField({ name: 'title', title: '탭 제목', type: 'string', validation: (rule) => rule.required().max(30) }),
    defineField({
      name: 'videoId',
      title: '유튜브 영상 ID',
      type: 'string',
      description: '유튜브 주소의 v= 뒤 11자리 (예: https://youtu.be/dQw4w9WgXcQ → dQw4w9WgXcQ).',
      validation: (rule) =>
        rule.required().regex(YOUTUBE_ID_PATTERN, { name: '유튜브 ID' }).error('유튜브 영상 ID는 11자리 영문·숫자·-·_ 입니다.'),
    }),
  ],
  orderings: [{ title: '탭 번호순', name: 'tabAsc', by: [{ field: 'tabId', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', tabId: 'tabId', videoId: 'videoId' },
    prepare: ({ title, tabId, videoId }) => ({ title, subtitle: `탭 ${tabId ?? '?'} · youtu.be/${videoId ?? ''}` }),
  },
})
