// String builders for the technical drawings. Output is committed, so it must be small and
// byte-for-byte reproducible: numbers are rounded, nothing depends on time or randomness.

export const colors = {
  navy: '#14213d',
  lake: '#3a86c8',
  lakeLight: '#cfe3f4',
  park: '#4f9d69',
  parkLight: '#d6ead9',
  sand: '#e9dcc4',
  sandLight: '#f7f1e6',
  pink: '#e0457b',
  white: '#ffffff',
  grey50: '#f6f7f9',
  grey100: '#eceef2',
  grey300: '#c9ced8',
  grey500: '#8a93a4',
  grey700: '#4a5264',
} as const

export const font = "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', sans-serif"

export type Attrs = Record<string, string | number | undefined>

/** Rounds to `digits` decimals and drops trailing zeros. */
export function n(value: number, digits = 1): string {
  const factor = 10 ** digits
  const rounded = Math.round(value * factor) / factor
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function el(tag: string, attrs: Attrs = {}, children: string | string[] = ''): string {
  const attrText = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('')
  const body = Array.isArray(children) ? children.join('') : children
  return body === '' ? `<${tag}${attrText}/>` : `<${tag}${attrText}>${body}</${tag}>`
}

export function text(x: number, y: number, content: string, attrs: Attrs = {}): string {
  return el('text', {x, y, ...attrs}, escapeText(content))
}

/** Axis-aligned rectangle as a closed path fragment, for merging many boxes into one <path>. */
export function boxPath(x: number, y: number, w: number, h: number): string {
  return `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`
}

/** A complete SVG document with the width, height and viewBox every seed image must carry. */
export function svgDocument(
  width: number,
  height: number,
  body: string[],
  defs: string[] = [],
): string {
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="` +
    `${height}" viewBox="0 0 ${width} ${height}" font-family="${font}">`
  const defsText = defs.length > 0 ? `<defs>${defs.join('')}</defs>` : ''
  return `${head}${defsText}${body.join('\n')}</svg>\n`
}

/** Thousands separators the Korean way ("2,900"). */
export function mm(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}

export function northArrow(cx: number, cy: number, r: number): string {
  return el('g', {transform: `translate(${n(cx)} ${n(cy)})`}, [
    el('circle', {r, fill: 'none', stroke: colors.navy, 'stroke-width': 1.2}),
    el('path', {
      d: `M0 ${n(-r * 0.85)}L${n(r * 0.38)} ${n(r * 0.55)}L0 ${n(r * 0.25)}z`,
      fill: colors.navy,
    }),
    el('path', {
      d: `M0 ${n(-r * 0.85)}L${n(-r * 0.38)} ${n(r * 0.55)}L0 ${n(r * 0.25)}z`,
      fill: colors.white,
      stroke: colors.navy,
      'stroke-width': 1,
    }),
    text(0, -r - 6, 'N', {
      'font-size': 14,
      'font-weight': 700,
      'text-anchor': 'middle',
      fill: colors.navy,
    }),
  ])
}
