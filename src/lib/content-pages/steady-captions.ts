/** The browser's own control bar, with a little air above it, in CSS pixels. */
export const CONTROLS_CLEARANCE = 72

/** The part of a WebVTT cue that places it (the DOM's VTTCue). */
export interface PlacedCue {
  snapToLines: boolean
  line: number | 'auto'
  lineAlign: 'start' | 'center' | 'end'
}

/**
 * The cues the captions file leaves to the browser. Left to it, the browser draws each new
 * caption at the top of the picture and moves it down a frame later, a jump the visitor sees
 * (and a layout shift); these are the cues to place. Cues the file places itself keep their place.
 */
export function cuesLeftToTheBrowser<Cue extends PlacedCue>(cues: Iterable<Cue>): Cue[] {
  return Array.from(cues).filter((cue) => cue.snapToLines && cue.line === 'auto')
}

/**
 * Where a caption's last line ends, in percent of the player's height: just above the
 * control bar, which keeps its height on a phone-sized player and on a wide one.
 */
export function captionLine(playerHeight: number): number {
  // A player not laid out yet: a place that suits most sizes, until the first measure.
  if (playerHeight <= 0) return 80
  return Math.max(50, Math.round((100 - (CONTROLS_CLEARANCE / playerHeight) * 100) * 10) / 10)
}

/** Places cues in percent: drawn where they stay. */
export function placeCues(cues: readonly PlacedCue[], line: number): void {
  for (const cue of cues) {
    cue.snapToLines = false
    cue.line = line
    cue.lineAlign = 'end'
  }
}
