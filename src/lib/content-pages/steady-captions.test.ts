import {describe, expect, it} from 'vitest'
import {captionLine, cuesLeftToTheBrowser, type PlacedCue, placeCues} from './steady-captions.ts'

const cue = (placed: Partial<PlacedCue> = {}): PlacedCue => ({
  snapToLines: true,
  line: 'auto',
  lineAlign: 'start',
  ...placed,
})

describe('cuesLeftToTheBrowser', () => {
  it('takes the cues without a place and leaves those the file places on a line or in percent', () => {
    const free = cue()
    const onLine = cue({line: -2})
    const inPercent = cue({snapToLines: false, line: 10})
    expect(cuesLeftToTheBrowser([free, onLine, inPercent])).toEqual([free])
    expect(cuesLeftToTheBrowser([free, onLine, inPercent])[0]).toBe(free)
  })
})

describe('captionLine', () => {
  it('ends the caption 72 px above the bottom of the phone player and of the wide one', () => {
    // 390 px screen: a 358 x 268.5 player; 1440 px screen: 1300 x 500.
    expect(captionLine(268.5)).toBe(73.2)
    expect(captionLine(500)).toBe(85.6)
  })

  it('keeps the caption in the lower half of a very small player', () => {
    expect(captionLine(120)).toBe(50)
  })

  it('has a place for a player not laid out yet', () => {
    expect(captionLine(0)).toBe(80)
  })
})

describe('placeCues', () => {
  it('places each cue by its last line, in percent, where the browser does not move it', () => {
    const cues = [cue(), cue()]
    placeCues(cues, 77.7)
    expect(cues).toEqual([
      {snapToLines: false, line: 77.7, lineAlign: 'end'},
      {snapToLines: false, line: 77.7, lineAlign: 'end'},
    ])
  })
})
