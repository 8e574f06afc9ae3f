import jsQR from 'jsqr'
import {describe, expect, it} from 'vitest'
import {arrivalQr} from './arrival-qr.ts'
import type {QrDrawing} from '#shared/qr-drawing.ts'

const TARGET = {site: 'lakeside', code: '0427', visitId: '0b9c7a3e-1111-4222-8333-444455556666'}

/** The drawing as a camera would see it: black on white, a quiet zone of 4 modules. */
function photograph({size, path}: QrDrawing, scale = 6) {
  const side = (size + 8) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let dx = 0; dx < Number(run); dx++) {
      for (let py = 0; py < scale; py++) {
        for (let px = 0; px < scale; px++) {
          const column = (Number(x) + dx + 4) * scale + px
          const line = (Number(y) + 4) * scale + py
          pixels.fill(0, (line * side + column) * 4, (line * side + column) * 4 + 3)
        }
      }
    }
  }
  return {pixels, side}
}

describe("a visit's QR code", () => {
  it('reads back as the check-in address of the site, the code and the visit', () => {
    const {pixels, side} = photograph(
      arrivalQr(TARGET, {SITE_URL: 'https://soldam.example', AUTH_SECRET: 'a'.repeat(48)}),
    )
    expect(jsQR(pixels, side, side)?.data).toBe(
      'https://soldam.example/admin/leads#check-in?site=lakeside&code=0427' +
        '&visit=0b9c7a3e-1111-4222-8333-444455556666',
    )
  })

  it('draws each row in runs, not a square per module', () => {
    const drawing = arrivalQr(TARGET, {SITE_URL: 'https://soldam.example'})
    const runs = drawing.path.match(/M/g)?.length ?? 0
    const modules = [...drawing.path.matchAll(/h(\d+)v/g)].reduce((n, m) => n + Number(m[1]), 0)
    expect(runs).toBeLessThan(modules * 0.7)
    expect(drawing.size).toBeGreaterThanOrEqual(21)
  })
})
