import {PlayIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {videoSourceRules} from '../objects/videoSource.ts'

export const guideVideo = defineType({
  name: 'guideVideo',
  title: '가이드 영상',
  type: 'document',
  icon: PlayIcon,
  description:
    '/FloorPlan/videos 의 영상 탭 (1: 입지환경, 2: 59타입, 3: 84타입). 1번 탭이 처음 열립니다.',
  fields: [
    defineField({
      name: 'tabId',
      title: '탭 번호',
      type: 'number',
      options: {list: [1, 2, 3]},
      validation: (rule) => rule.required().integer().min(1).max(3),
    }),
    defineField({
      name: 'title',
      title: '탭 제목',
      type: 'string',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'video',
      title: '영상',
      type: 'videoSource',
      description: '올린 영상 파일(MP4·WebM, 포스터, 한국어 자막) 또는 유튜브 영상 ID.',
      validation: (rule) => [
        rule.required().error('탭에 보일 영상을 넣어 주세요.'),
        ...videoSourceRules(rule),
      ],
    }),
  ],
  orderings: [{title: '탭 번호순', name: 'tabAsc', by: [{field: 'tabId', direction: 'asc'}]}],
  preview: {
    select: {
      title: 'title',
      tabId: 'tabId',
      kind: 'video.kind',
      youtubeId: 'video.youtubeId',
      poster: 'video.poster',
    },
    prepare: ({title, tabId, kind, youtubeId, poster}) => ({
      title,
      subtitle: `탭 ${tabId ?? '?'} · ${kind === 'youtube' ? `youtu.be/${youtubeId ?? ''}` : '올린 영상 파일'}`,
      media: poster,
    }),
  },
})
