import {describe, expect, it} from 'vitest'
import {outlinedText} from './outlined-text.ts'

const xs = (svg: string) =>
  [...(/ d="([^"]+)"/.exec(svg)?.[1] ?? '').matchAll(/(-?\d+),-?\d+/g)].map((match) =>
    Number(match[1]),
  )

describe('outlinedText', () => {
  it(
    'places the glyphs at the baseline and size ' + 'a <text> would, flipped into SVG coordinates',
    () => {
      const svg = outlinedText('솔담', {x: 64, y: 35, size: 22, weight: 800, fill: '#14213d'})
      expect(svg).toMatch(
        /^<path transform="translate\(64 35\) scale\(0\.01074 -0\.01074\)" fill="#14213d" d="M/,
      )
      expect(svg).not.toMatch(/<text/)
    },
  )

  it('sets each glyph after the one before it, with the letter spacing between them', () => {
    const plain = xs(outlinedText('가나', {x: 0, y: 0, size: 20, weight: 700, fill: '#000'}))
    expect(Math.max(...plain)).toBeGreaterThan(2048)
    const wide = xs(
      outlinedText('가나', {x: 0, y: 0, size: 20, weight: 700, fill: '#000', letterSpacing: 10}),
    )
    // 10 px at 20 px per em is half an em: 1,024 of Pretendard's 2,048 units, for the second glyph
    // only.
    expect(Math.max(...wide) - Math.max(...plain)).toBe(1024)
    expect(Math.min(...wide)).toBe(Math.min(...plain))
  })

  it('refuses a weight it has no font for', () => {
    expect(() => outlinedText('가', {x: 0, y: 0, size: 20, weight: 300, fill: '#000'})).toThrow(
      /weight 300/,
    )
  })
})
