// Minimal string builders for hand-tuned SVG: the output is committed, so it must stay small
// and byte-for-byte reproducible (no Date, no Math.random).

export type Attrs = Record<string, string | number | undefined>

/** Rounds to one decimal and drops trailing zeros, which keeps path data short. */
export function n(value: number, digits = 1): string {
  const factor = 10 ** digits
  const rounded = Math.round(value * factor) / factor
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

function attrText(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('')
}

export function el(tag: string, attrs: Attrs = {}, children?: string | string[]): string {
  const body = Array.isArray(children) ? children.join('') : children
  return body === undefined || body === ''
    ? `<${tag}${attrText(attrs)}/>`
    : `<${tag}${attrText(attrs)}>${body}</${tag}>`
}

export function group(attrs: Attrs, children: string[]): string {
  return el('g', attrs, children)
}

/** Polygon/polyline point list from flat [x, y, x, y…] pairs. */
function points(coords: number[]): string {
  const parts: string[] = []
  for (let i = 0; i < coords.length; i += 2)
    parts.push(`${n(coords[i] ?? 0)} ${n(coords[i + 1] ?? 0)}`)
  return parts.join(' ')
}

export function poly(coords: number[], fill: string, extra: Attrs = {}): string {
  return el('polygon', {points: points(coords), fill, ...extra})
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Attrs = {},
): string {
  return el('rect', {x, y, width, height, fill, ...extra})
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return el('circle', {cx, cy, r, fill, ...extra})
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attrs = {},
): string {
  return el('ellipse', {cx, cy, rx, ry, fill, ...extra})
}

export function translate(x: number, y: number, scale = 1): string {
  return scale === 1
    ? `translate(${n(x)} ${n(y)})`
    : `translate(${n(x)} ${n(y)}) scale(${n(scale, 3)})`
}

export interface GradientStop {
  offset: number
  color: string
  opacity?: number
}

function stops(list: GradientStop[]): string[] {
  return list.map((stop) =>
    el('stop', {offset: stop.offset, 'stop-color': stop.color, 'stop-opacity': stop.opacity}),
  )
}

/** Collects <defs> entries by id so shared pieces can ask for the same gradient twice. */
export class Scene {
  private readonly defs = new Map<string, string>()
  private readonly body: string[] = []

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  def(id: string, markup: (id: string) => string): string {
    if (!this.defs.has(id)) this.defs.set(id, markup(id))
    return `url(#${id})`
  }

  linear(
    id: string,
    list: GradientStop[],
    direction: {x1?: number; y1?: number; x2?: number; y2?: number} = {},
  ): string {
    const {x1 = 0, y1 = 0, x2 = 0, y2 = 1} = direction
    return this.def(id, (key) => el('linearGradient', {id: key, x1, y1, x2, y2}, stops(list)))
  }

  radial(
    id: string,
    list: GradientStop[],
    geometry: {cx?: number; cy?: number; r?: number} = {},
  ): string {
    const {cx = 0.5, cy = 0.5, r = 0.5} = geometry
    return this.def(id, (key) => el('radialGradient', {id: key, cx, cy, r}, stops(list)))
  }

  /** A reusable group kept in <defs>; place it with instance(). */
  symbol(id: string, children: () => string[]): string {
    this.def(id, (key) => el('g', {id: key}, children()))
    return `#${id}`
  }

  add(...markup: string[]): this {
    this.body.push(...markup)
    return this
  }

  toString(): string {
    const defs = this.defs.size > 0 ? el('defs', {}, [...this.defs.values()]) : ''
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" ` +
      `height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      defs +
      this.body.join('') +
      '</svg>\n'
    )
  }
}

export function instance(href: string, attrs: Attrs = {}): string {
  return el('use', {href, ...attrs})
}

/** Deterministic PRNG (mulberry32) so regenerating yields identical files. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next()
  }

  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }
}
