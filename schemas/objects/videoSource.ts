import {PlayIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {
  VIDEO_KINDS,
  videoSourceAdvice,
  videoSourceProblem,
  type VideoSourceValue,
} from '../rules/videoSource.ts'

const KIND_TITLES: Record<(typeof VIDEO_KINDS)[number], string> = {
  file: '영상 파일 올리기',
  youtube: '유튜브 영상',
}

const isKind =
  (kind: string) =>
  ({parent}: {parent?: VideoSourceValue}) =>
    parent?.kind !== kind

/**
 * The rules of a video. A field of this type that declares rules of its own (say `required`)
 * replaces these, so such a field adds them to its own.
 */
export function videoSourceRules<R extends {error(): R; warning(): R}>(rule: {
  custom(check: (value: VideoSourceValue | undefined) => string | true): R
}): R[] {
  return [
    rule
      .custom((value: VideoSourceValue | undefined) => (value ? videoSourceProblem(value) : true))
      .error(),
    rule.custom((value: VideoSourceValue | undefined) => videoSourceAdvice(value)).warning(),
  ]
}

/**
 * A video the site plays: files uploaded to the dataset (played by the browser itself, with
 * poster and captions, nothing loaded from another host), or a YouTube video an editor pastes.
 */
export const videoSource = defineType({
  name: 'videoSource',
  title: '영상',
  type: 'object',
  icon: PlayIcon,
  fields: [
    defineField({
      name: 'kind',
      title: '영상 종류',
      type: 'string',
      initialValue: 'file',
      options: {
        list: VIDEO_KINDS.map((value) => ({value, title: KIND_TITLES[value]})),
        layout: 'radio',
        direction: 'horizontal',
      },
    }),
    defineField({
      name: 'mp4',
      title: 'MP4 영상 (H.264)',
      type: 'file',
      options: {accept: 'video/mp4'},
      description: '모든 브라우저가 재생합니다. 짧고 가볍게: 1분에 10MB 이하를 권합니다.',
      hidden: isKind('file'),
    }),
    defineField({
      name: 'webm',
      title: 'WebM 영상 (VP9·AV1, 선택)',
      type: 'file',
      options: {accept: 'video/webm'},
      description: '같은 영상의 WebM 판. 있으면 대부분의 브라우저가 이 더 작은 파일을 받습니다.',
      hidden: isKind('file'),
    }),
    defineField({
      name: 'poster',
      title: '포스터 이미지',
      type: 'image',
      description: '재생 버튼을 누르기 전에 보이는 장면. 영상과 같은 가로세로 비율로 넣어 주세요.',
      hidden: isKind('file'),
    }),
    defineField({
      name: 'captions',
      title: '한국어 자막 (WebVTT)',
      type: 'file',
      options: {accept: '.vtt,text/vtt'},
      description:
        '"WEBVTT"로 시작하는 .vtt 자막 파일. 소리 없이 보는 방문자와 청각장애인이 읽습니다.',
      hidden: isKind('file'),
    }),
    defineField({
      name: 'youtubeId',
      title: '유튜브 영상 ID',
      type: 'string',
      description:
        '유튜브 주소의 v= 뒤 11자리 (예: https://youtu.be/dQw4w9WgXcQ → dQw4w9WgXcQ). 방문자가 재생을 누를 때에만 유튜브에서 불러옵니다.',
      hidden: isKind('youtube'),
    }),
  ],
  validation: (rule) => videoSourceRules(rule),
  preview: {
    select: {kind: 'kind', youtubeId: 'youtubeId', poster: 'poster'},
    prepare: ({kind, youtubeId, poster}) => ({
      title: kind === 'youtube' ? `유튜브 youtu.be/${youtubeId ?? ''}` : '올린 영상 파일',
      media: poster,
    }),
  },
})
