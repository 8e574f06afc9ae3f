import {youtubeEmbedUrl} from '~/lib/youtube.ts'
import {DeferredFrame} from './DeferredFrame.tsx'

const PLAYER_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen'

interface VideoPlayerProps {
  videoId: string
  title: string
  /**
   * Without a click from the visitor browsers only autoplay muted video; a player the
   * visitor asked for (a chosen tab) starts with sound.
   */
  muted: boolean
  className?: string
}

/** A YouTube video that starts by itself, shows no related videos and allows full screen. */
export function VideoPlayer({videoId, title, muted, className}: VideoPlayerProps) {
  return (
    <DeferredFrame
      src={youtubeEmbedUrl(videoId, {autoplay: true, mute: muted})}
      title={title}
      allow={PLAYER_ALLOW}
      className={['video-frame', className].filter(Boolean).join(' ')}
    />
  )
}
