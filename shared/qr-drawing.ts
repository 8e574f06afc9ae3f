/** A QR code as a page draws it: `size` modules a side, the dark ones as one SVG path. */
export interface QrDrawing {
  size: number
  path: string
}
