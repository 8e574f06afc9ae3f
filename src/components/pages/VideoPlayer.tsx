import {useRef, useState} from 'react'
import {hasImage, imageSize, imageUrl} from '~/lib/images.ts'
import type {PlayableVideo} from '~/lib/content-pages/video.ts'
import {youtubeEmbedUrl} from '~/lib/content-pages/youtube.ts'

interface VideoPlayerProps {
  video: PlayableVideo
  /** Korean title: the player's accessible name. */
  title: string
  className?: string
}

const POSTER_WIDTH = 1300

/**
 * A video that plays only when the visitor asks: the poster and a play button until then.
 * Uploaded files play in the browser's own player, with Korean captions, nothing fetched
 * before the click but the poster (`preload="none"`). A YouTube video is embedded from the
 * privacy-enhanced host only once asked for, and then starts with sound.
 */
export function VideoPlayer({video, title, className}: VideoPlayerProps) {
  const classes = ['video-player', className].filter(Boolean).join(' ')
  return video.kind === 'file' ? (
    <FileVideo video={video} title={title} className={classes} />
  ) : (
    <YoutubeVideo video={video} title={title} className={classes} />
  )
}

function posterOf(video: PlayableVideo): string | undefined {
  const size = imageSize(video.poster)
  return hasImage(video.poster) && size
    ? imageUrl(video.poster, Math.min(POSTER_WIDTH, size.width))
    : undefined
}

function FileVideo({
  video,
  title,
  className,
}: {
  video: Extract<PlayableVideo, {kind: 'file'}>
  title: string
  className: string
}) {
  const ref = useRef<HTMLVideoElement>(null)
  const [started, setStarted] = useState(false)
  const play = () => {
    setStarted(true)
    void ref.current?.play().catch(() => undefined)
  }
  return (
    <figure className={className} data-started={started || undefined}>
      {/* The captions come from the content host: fetched with CORS, as a track must be. */}
      <video
        ref={ref}
        controls
        preload="none"
        playsInline
        crossOrigin="anonymous"
        poster={posterOf(video)}
        aria-label={title}
        onPlay={() => setStarted(true)}
      >
        {video.webm ? <source src={video.webm} type="video/webm" /> : null}
        <source src={video.mp4} type="video/mp4" />
        {video.captions ? (
          <track kind="captions" src={video.captions} srcLang="ko" label="한국어" default />
        ) : null}
        <a href={video.mp4}>{`${title} 내려받기 (MP4)`}</a>
      </video>
      {started ? null : (
        <button type="button" className="video-player__play" onClick={play}>
          <span className="video-player__play-icon" aria-hidden="true" />
          <span className="video-player__play-label">{`${title} 재생`}</span>
        </button>
      )}
    </figure>
  )
}

const YOUTUBE_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen'

function YoutubeVideo({
  video,
  title,
  className,
}: {
  video: Extract<PlayableVideo, {kind: 'youtube'}>
  title: string
  className: string
}) {
  const [asked, setAsked] = useState(false)
  const poster = posterOf(video)
  return (
    <figure className={className} data-started={asked || undefined}>
      {asked ? (
        <iframe
          src={youtubeEmbedUrl(video.youtubeId, {autoplay: true})}
          title={title}
          allow={YOUTUBE_ALLOW}
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="video-player__play video-player__play--cover"
          onClick={() => setAsked(true)}
        >
          {poster ? <img src={poster} alt="" decoding="async" loading="lazy" /> : null}
          <span className="video-player__play-icon" aria-hidden="true" />
          <span className="video-player__play-label">{`${title} 재생 (유튜브)`}</span>
        </button>
      )}
    </figure>
  )
}
