import {type RefObject, useEffect, useRef, useState} from 'react'
import {hasImage, imageSize, imageUrl} from '#src/lib/images.ts'
import {
  captionLine,
  cuesLeftToTheBrowser,
  placeCues,
} from '#src/lib/content-pages/steady-captions.ts'
import type {PlayableVideo} from '#src/lib/content-pages/video.ts'
import {youtubeEmbedUrl} from '#src/lib/content-pages/youtube.ts'

interface VideoPlayerProps {
  video: PlayableVideo
  /** Korean title: the player's accessible name. */
  title: string
  className?: string
  /**
   * The brand film: an uploaded file starts by itself, muted and captioned, once it is in
   * view, unless the visitor prefers reduced motion (then the play button waits as usual).
   */
  autoplay?: boolean
}

const POSTER_WIDTH = 1300

/** How much of the film must be on screen before it starts by itself. */
const IN_VIEW = 0.5

/**
 * A video that plays when the visitor asks: the poster and a play button until then.
 * Uploaded files play in the browser's own player, with Korean captions, nothing fetched
 * before the click (or, with `autoplay`, before it scrolls into view) but the poster
 * (`preload="none"`). A YouTube video is embedded from the privacy-enhanced host only once
 * asked for, and then starts with sound.
 */
export function VideoPlayer({video, title, className, autoplay = false}: VideoPlayerProps) {
  const classes = ['video-player', className].filter(Boolean).join(' ')
  return video.kind === 'file' ? (
    <FileVideo video={video} title={title} className={classes} autoplay={autoplay} />
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
  autoplay,
}: {
  video: Extract<PlayableVideo, {kind: 'file'}>
  title: string
  className: string
  autoplay: boolean
}) {
  const ref = useRef<HTMLVideoElement>(null)
  const captionsRef = useRef<HTMLTrackElement>(null)
  const [started, setStarted] = useState(false)
  // A film that starts by itself starts without sound, until the visitor turns it on.
  const [muted, setMuted] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (!autoplay || !element) return
    // A visitor who prefers reduced motion gets the play button, as for any other video.
    if (!window.matchMedia('(prefers-reduced-motion: no-preference)').matches) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return
        observer.disconnect()
        // The property, not the attribute, is what the browser's autoplay rule reads.
        element.muted = true
        setMuted(true)
        void element.play().catch(() => undefined)
      },
      {threshold: IN_VIEW},
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [autoplay])

  useSteadyCaptions(ref, captionsRef, video.captions)

  const play = () => {
    setStarted(true)
    void ref.current?.play().catch(() => undefined)
  }
  const toggleSound = () => {
    if (ref.current) ref.current.muted = !muted
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
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
      >
        {video.webm ? <source src={video.webm} type="video/webm" /> : null}
        <source src={video.mp4} type="video/mp4" />
        {video.captions ? (
          <track
            ref={captionsRef}
            kind="captions"
            src={video.captions}
            srcLang="ko"
            label="한국어"
            default
          />
        ) : null}
        <a href={video.mp4}>{`${title} 내려받기 (MP4)`}</a>
      </video>
      {started ? null : (
        <button type="button" className="video-player__play" onClick={play}>
          <span className="video-player__play-icon" aria-hidden="true" />
          <span className="video-player__play-label">{`${title} 재생`}</span>
        </button>
      )}
      {autoplay && started ? (
        <button
          type="button"
          className="video-player__sound"
          aria-pressed={!muted}
          onClick={toggleSound}
        >
          <span className="video-player__sound-icon" aria-hidden="true" />
          {/* A toggle keeps its name; aria-pressed and the icon say whether the sound is on. */}
          소리
        </button>
      ) : null}
    </figure>
  )
}

/**
 * Keeps the captions of the browser's own player at one height, just above its control bar,
 * as the player's size changes.
 */
function useSteadyCaptions(
  videoRef: RefObject<HTMLVideoElement | null>,
  captionsRef: RefObject<HTMLTrackElement | null>,
  captions: string | null,
) {
  useEffect(() => {
    const video = videoRef.current
    const element = captionsRef.current
    if (!video || !element) return
    const cues: VTTCue[] = []
    const place = () => placeCues(cues, captionLine(video.clientHeight))
    // The captions may have loaded before the page came alive, in part or whole, or load
    // later: each look adds the cues not placed yet to those already placed.
    const take = () => {
      cues.push(
        ...cuesLeftToTheBrowser(
          Array.from(element.track.cues ?? []).filter((cue) => cue instanceof VTTCue),
        ),
      )
      place()
    }
    take()
    element.addEventListener('load', take)
    const resize = new ResizeObserver(place)
    resize.observe(video)
    return () => {
      element.removeEventListener('load', take)
      resize.disconnect()
    }
  }, [videoRef, captionsRef, captions])
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
