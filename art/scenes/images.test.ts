import {existsSync, readFileSync, statSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Resvg} from '@resvg/resvg-js'
import {describe, expect, it} from 'vitest'
import {illustrations} from './generate.ts'

const imagesDir = fileURLToPath(new URL('../../content/images/', import.meta.url))

// Sizes from the seed image manifest: the seed content and the site's layouts rely on them.
const expectedSizes: Record<string, [number, number]> = {
  'logo.svg': [240, 64],
  'logo-white.svg': [240, 64],
  'logo-riverpark.svg': [240, 64],
  'logo-riverpark-white.svg': [240, 64],
  'hero.svg': [1920, 1080],
  'header-banner.svg': [400, 80],
  'brand-intro.svg': [1600, 900],
  'special-plan.svg': [1600, 900],
  'reservation.svg': [1200, 900],
  'site-default.svg': [1200, 900],
  'site-second.svg': [1200, 900],
  'og-default.svg': [1200, 630],
  ...Object.fromEntries(
    ['fitness', 'reading', 'cafe', 'golf'].map((name) => [`community-${name}.svg`, [1200, 800]]),
  ),
  ...Object.fromEntries(
    ['84a', '119a', '119b'].map((name) => [`interior-${name}.svg`, [1600, 1000]]),
  ),
  ...Object.fromEntries([1, 2, 3, 4].map((i) => [`premium-card-${i}.svg`, [800, 1000]])),
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`location-card-${i}.svg`, [800, 600]])),
  ...Object.fromEntries(
    ['brand', 'business', 'location', 'complex', 'floorplan', 'interior', 'sales', 'press'].map(
      (name) => [`banner-${name}.svg`, [1920, 400]],
    ),
  ),
}

/** Rendered to PNG before anyone sees it: its text may stay text, set in Pretendard. */
const withText = new Set(['og-default.svg'])
/**
 * Shown as SVG images on every page: lettering drawn as outlines, so no device's fonts are asked
 * for.
 */
const withOutlinedText = new Set([
  'logo.svg',
  'logo-white.svg',
  'logo-riverpark.svg',
  'logo-riverpark-white.svg',
])

describe('scene illustrations', () => {
  it('covers exactly the illustration list of the manifest', () => {
    expect(Object.keys(illustrations).sort()).toEqual(Object.keys(expectedSizes).sort())
  })

  describe.each(Object.entries(illustrations))('%s', (name, draw) => {
    const path = imagesDir + name
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : ''

    it('is committed exactly as the generator draws it', () => {
      expect(committed).toBe(draw())
    })

    it('parses as SVG with width, height and a matching viewBox', () => {
      // resvg's XML parser is strict: malformed markup throws here.
      const parsed = new Resvg(committed, {font: {loadSystemFonts: false}})
      const [width, height] = expectedSizes[name] ?? [0, 0]
      expect([parsed.width, parsed.height]).toEqual([width, height])
      const root = /^<svg [^>]*>/.exec(committed)?.[0] ?? ''
      expect(root).toContain(
        ` width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
      )
    })

    it('stays light: no rasters, under the size budget', () => {
      expect(committed).not.toMatch(/<image\b/)
      expect(statSync(path).size).toBeLessThan(name === 'hero.svg' ? 60_000 : 40_000)
    })

    it(
      withText.has(name) ? 'sets its Korean text in Pretendard first' : 'carries no <text>',
      () => {
        if (withText.has(name)) expect(committed).toMatch(/<text font-family="Pretendard, /)
        else expect(committed).not.toMatch(/<text\b/)
      },
    )

    const glyphRuns =
      committed.match(/<path transform="translate\([\d.]+ [\d.]+\) scale\([\d.]+ -[\d.]+\)"/g) ?? []
    if (withOutlinedText.has(name)) {
      it('draws its lettering as glyph outlines', () => {
        expect(glyphRuns).toHaveLength(2)
      })
    } else {
      // Words a visitor reads are text in the page, never drawn into a picture.
      it('draws no lettering', () => {
        expect(glyphRuns).toHaveLength(0)
      })
    }
  })
})
