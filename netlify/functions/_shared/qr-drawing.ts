import {encode} from 'uqr'
import type {QrDrawing} from '#shared/qr-drawing.ts'

/**
 * The QR code of `text`. Each row's runs of dark modules become one rectangle each, so the
 * page draws a short path rather than a square per module.
 */
export function qrDrawing(text: string): QrDrawing {
  const {size, data} = encode(text, {ecc: 'M', border: 0})
  const parts: string[] = []
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue
      const start = x
      while (x + 1 < size && row[x + 1]) x++
      const run = x - start + 1
      parts.push(`M${start} ${y}h${run}v1h-${run}z`)
    }
  })
  return {size, path: parts.join('')}
}
