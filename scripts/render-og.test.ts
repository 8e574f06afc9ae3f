import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {renderSvgToPng} from './render-og.ts'

const images = fileURLToPath(new URL('../content/images/', import.meta.url))

describe('render-og', () => {
  it('renders og-default.svg to the committed 1200x630 PNG', async () => {
    const fresh = renderSvgToPng(readFileSync(images + 'og-default.svg', 'utf8'), 1200)
    const committed = readFileSync(images + 'og-default.png')
    const [a, b] = await Promise.all(
      [fresh, committed].map((png) =>
        sharp(png).removeAlpha().raw().toBuffer({resolveWithObject: true}),
      ),
    )
    expect(b?.info).toMatchObject({width: 1200, height: 630})
    expect(a?.info).toMatchObject({width: 1200, height: 630})
    // Allow for anti-aliasing differences between CPUs, not for a changed picture.
    let diff = 0
    for (let i = 0; i < (a?.data.length ?? 0); i += 1)
      diff += Math.abs((a?.data[i] ?? 0) - (b?.data[i] ?? 0))
    expect(diff / (a?.data.length ?? 1)).toBeLessThan(0.5)
  })

  it('embeds Pretendard so the Korean title is drawn, not left blank', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect ' +
      'width="200" height="60" fill="#fff"/><text x="10" y="44" ' +
      'font-family="Pretendard" font-size="40" font-weight="800">솔담</text></svg>'
    const blank =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" ' +
      'height="60"><rect width="200" height="60" fill="#fff"/></svg>'
    expect(renderSvgToPng(svg, 200).equals(renderSvgToPng(blank, 200))).toBe(false)
  })
})
