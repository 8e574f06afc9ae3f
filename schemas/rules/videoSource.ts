import {YOUTUBE_ID_PATTERN} from './youtube.ts'

/** Where a video comes from: files uploaded to the dataset, or a video on YouTube. */
export const VIDEO_KINDS = ['file', 'youtube'] as const
export type VideoKind = (typeof VIDEO_KINDS)[number]

type AssetValue = {asset?: {_ref?: string}} | undefined

export interface VideoSourceValue {
  kind?: string
  webm?: AssetValue
  mp4?: AssetValue
  poster?: AssetValue
  captions?: AssetValue
  youtubeId?: string
}

/** The extension of a file asset as its id names it (`file-<sha1>-<ext>`). */
export function fileExtension(value: AssetValue): string | undefined {
  return /^file-[A-Za-z0-9]+-([a-z0-9]+)$/.exec(value?.asset?._ref ?? '')?.[1]
}

const hasAsset = (value: AssetValue) => Boolean(value?.asset?._ref)

/**
 * What keeps a video from playing, in the editor's words, or true. An uploaded video needs
 * an MP4 (every browser plays H.264), a poster (shown until the visitor presses play) and
 * Korean captions in WebVTT; a YouTube video needs its 11-character id.
 */
export function videoSourceProblem(value: VideoSourceValue | undefined): string | true {
  if (!value?.kind) return '영상을 올릴지, 유튜브 영상을 쓸지 골라 주세요.'
  if (value.kind === 'youtube') {
    if (!value.youtubeId) return '유튜브 영상 ID를 입력해 주세요.'
    return YOUTUBE_ID_PATTERN.test(value.youtubeId)
      ? true
      : '유튜브 영상 ID는 11자리 영문·숫자·-·_ 입니다.'
  }
  if (value.kind !== 'file') return '영상 종류는 "영상 파일" 또는 "유튜브" 입니다.'
  if (!hasAsset(value.mp4))
    return 'MP4(H.264) 영상 파일을 올려 주세요. 모든 브라우저가 재생하는 형식입니다.'
  if (fileExtension(value.mp4) !== 'mp4') return 'MP4 칸에는 .mp4 파일을 올려 주세요.'
  if (hasAsset(value.webm) && fileExtension(value.webm) !== 'webm')
    return 'WebM 칸에는 .webm 파일을 올려 주세요.'
  if (!hasAsset(value.poster)) return '재생 전에 보이는 대표 이미지(포스터)를 넣어 주세요.'
  if (!hasAsset(value.captions))
    return '한국어 자막 파일(WebVTT, .vtt)을 올려 주세요. 소리 없이 보는 방문자와 청각장애인이 내용을 읽습니다.'
  if (fileExtension(value.captions) !== 'vtt') return '자막은 WebVTT(.vtt) 파일이어야 합니다.'
  return true
}

/** What plays but could be better: an uploaded video without its smaller WebM copy. */
export function videoSourceAdvice(value: VideoSourceValue | undefined): string | true {
  return value?.kind === 'file' && !hasAsset(value.webm)
    ? 'WebM(VP9/AV1) 파일도 올리면 대부분의 브라우저가 더 작은 파일을 받습니다.'
    : true
}
