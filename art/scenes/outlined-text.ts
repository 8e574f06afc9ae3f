import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {Blob, Buffer, Face, Font, shape} from 'harfbuzzjs'
import {el, type Attrs} from './svg.ts'

/*
 * Text drawn as glyph outlines, as a designer exports a logo. The site shows the logo and
 * the header banner as SVG images, unrasterized: an SVG image with <text> is set in
 * whatever fonts the visitor's device has (the site's web font does not reach into an
 * image), and laying out Korean text in it cost a phone-speed CPU over 100 ms per image,
 * in one blocking task, on every page.
 */

const require = createRequire(import.meta.url)
const staticFonts = path.join(
  path.dirname(require.resolve('pretendard/package.json')),
  'dist/public/static',
)
const WEIGHT_NAMES: Record<number, string> = {
  400: 'Regular',
  500: 'Medium',
  600: 'SemiBold',
  700: 'Bold',
  800: 'ExtraBold',
}

/** Pretendard's static weights, for a rasterizer that sets the drawings' <text> (resvg). */
export const pretendardFontFiles = Object.values(WEIGHT_NAMES).map((name) =>
  path.join(staticFonts, `Pretendard-${name}.otf`),
)

const faces = new Map<number, {font: Font; upem: number}>()

function pretendard(weight: number): {font: Font; upem: number} {
  const cached = faces.get(weight)
  if (cached) return cached
  const name = WEIGHT_NAMES[weight]
  if (!name) throw new Error(`No Pretendard weight ${weight}`)
  const face = new Face(new Blob(readFileSync(path.join(staticFonts, `Pretendard-${name}.otf`))))
  const loaded = {font: new Font(face), upem: face.upem}
  faces.set(weight, loaded)
  return loaded
}

export interface OutlinedTextOptions {
  x: number
  /** The baseline, as for <text>. */
  y: number
  size: number
  weight: number
  fill: string
  /** In pixels, added after every character as CSS and SVG do. */
  letterSpacing?: number
  /** Where `x` is on the line, as text-anchor: its start (the default) or its middle. */
  anchor?: 'start' | 'middle'
  /** A stroke drawn under the glyphs, `width` pixels wide, to lift them off a busy ground. */
  halo?: {color: string; width: number}
  extra?: Attrs
}

/** Moves every absolute "x,y" pair of a glyph path (font units) right by `dx`. */
function shiftPath(d: string, dx: number): string {
  return d.replace(
    /(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g,
    (_pair, x: string, y: string) => `${Math.round(Number(x) + dx)},${y}`,
  )
}

/** One <path> with the text's glyphs, placed where <text x y font-size …> would put them. */
export function outlinedText(
  content: string,
  {
    x,
    y,
    size,
    weight,
    fill,
    letterSpacing = 0,
    anchor = 'start',
    halo,
    extra = {},
  }: OutlinedTextOptions,
): string {
  const {font, upem} = pretendard(weight)
  const buffer = new Buffer()
  buffer.addText(content)
  buffer.guessSegmentProperties()
  shape(font, buffer)
  const spacing = (letterSpacing * upem) / size
  let pen = 0
  const parts: string[] = []
  for (const glyph of buffer.getGlyphInfosAndPositions()) {
    const outline = font.glyphToPath(glyph.codepoint)
    if (outline) parts.push(shiftPath(outline, pen + (glyph.xOffset ?? 0)))
    pen += (glyph.xAdvance ?? 0) + spacing
  }
  const scale = size / upem
  const left = anchor === 'middle' ? +(x - (pen * scale) / 2).toFixed(1) : x
  return el('path', {
    transform: `translate(${left} ${y}) scale(${+scale.toFixed(5)} ${-scale.toFixed(5)})`,
    fill,
    // The path is drawn in font units: the halo's width is scaled back up to them.
    ...(halo
      ? {
          stroke: halo.color,
          'stroke-width': Math.round(halo.width / scale),
          'paint-order': 'stroke',
        }
      : {}),
    ...extra,
    d: parts.join(''),
  })
}
