/** YouTube's privacy-enhanced embed host: no tracking cookies until the visitor plays. */
const EMBED_HOST = 'https://www.youtube-nocookie.com'

export interface EmbedOptions {
  autoplay?: boolean
  /** Browsers only autoplay muted video unless the visitor has just interacted. */
  mute?: boolean
}

/**
 * The embed address of a video: no related videos from other channels at the end
 * (`rel=0`), no looping (the player stops at the end), inline play on phones.
 */
export function youtubeEmbedUrl(
  videoId: string,
  {autoplay = false, mute = false}: EmbedOptions = {},
): string {
  const params = new URLSearchParams({rel: '0', playsinline: '1'})
  if (autoplay) params.set('autoplay', '1')
  if (mute) params.set('mute', '1')
  return `${EMBED_HOST}/embed/${encodeURIComponent(videoId)}?${params.toString()}`
}
