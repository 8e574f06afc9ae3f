/** A YouTube video id as it appears after `watch?v=` or `youtu.be/`: 11 URL-safe characters. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/
