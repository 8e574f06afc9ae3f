import {existsSync, readFileSync, statSync} from 'node:fs'
import {Resvg} from '@resvg/resvg-js'
import {describe, expect, it} from 'vitest'
import {drawings, imagesDir} from './generate.ts'

// Sizes from the seed image manifest (technical drawings).
const expectedSizes: Record<string, [number, number]> = {
  ...Object.fromEntries(
    ['59a', '59b', '84a', '84b', '84c', '114b'].map((t) => [`floorplan-${t}.svg`, [1200, 900]]),
  ),
  'site-plan.svg': [1600, 1000],
  'lake-view-layout.svg': [1600, 900],
  'location-map.svg': [1600, 1000],
  'sales-schedule.svg': [1200, 800],
  'contract-documents.svg': [1200, 1400],
  'rental-guide.svg': [1200, 1600],
}

describe('technical drawings', () => {
  it('covers exactly the technical-drawing list of the manifest', () => {
    expect(Object.keys(drawings).sort()).toEqual(Object.keys(expectedSizes).sort())
  })

  describe.each(Object.entries(drawings))('%s', (name, draw) => {
    const path = imagesDir + name
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : ''

    it('is committed exactly as the generator draws it', () => {
      expect(committed).toBe(draw())
    })

    it('parses as SVG at the manifest size, with a matching viewBox', () => {
      const [width, height] = expectedSizes[name] ?? [0, 0]
      const svg = new Resvg(committed, {font: {loadSystemFonts: false}})
      expect([svg.width, svg.height]).toEqual([width, height])
      expect(committed).toContain(
        `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
      )
    })

    it.runIf(name.startsWith('floorplan-'))(
      'sets no Korean as text: an <img> SVG or an image CDN may have no Korean font',
      () => {
        const texts = [...committed.matchAll(/<text\b[^>]*>([^<]*)</g)].map((match) => match[1])
        expect(texts.length).toBeGreaterThan(0)
        expect(
          texts.filter((content) => /[\u3130-\u318f\u3200-\u33ff\uac00-\ud7a3]/.test(content!)),
        ).toEqual([])
      },
    )

    it('stays light: no rasters or embedded fonts, under 40 KB', () => {
      expect(committed).not.toMatch(/<image\b|@font-face/)
      expect(statSync(path).size).toBeLessThan(40_000)
    })
  })
})
