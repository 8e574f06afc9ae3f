import type {GUIDE_VIDEOS_QUERY_RESULT} from '#sanity.types.ts'

/** A `videoSource` as the queries project it (files' addresses, poster, YouTube id). */
export type VideoSource = NonNullable<GUIDE_VIDEOS_QUERY_RESULT[number]['video']>

export type PlayableVideo =
  | {
      kind: 'file'
      mp4: string
      webm: string | null
      captions: string | null
      poster: VideoSource['poster']
    }
  | {kind: 'youtube'; youtubeId: string; poster: VideoSource['poster']}

/**
 * What the players can play: uploaded files with their MP4, or a YouTube id; otherwise null
 * (nothing is shown).
 */
export function playableVideo(video: VideoSource | null | undefined): PlayableVideo | null {
  if (video?.kind === 'file' && video.mp4) {
    return {
      kind: 'file',
      mp4: video.mp4,
      webm: video.webm,
      captions: video.captions,
      poster: video.poster,
    }
  }
  if (video?.kind === 'youtube' && video.youtubeId)
    return {kind: 'youtube', youtubeId: video.youtubeId, poster: video.poster}
  return null
}
