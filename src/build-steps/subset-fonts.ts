import {createHash} from 'node:crypto'
import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import path from 'node:path'
import subsetFont from 'subset-font'
import {FONT_FILES} from '../lib/fonts.ts'

const require = createRequire(import.meta.url)

/** Printable ASCII and common typographic marks: always kept (form input, numbers). */
const ALWAYS_KEPT =
  Array.from({length: 95}, (_, index) => String.fromCharCode(32 + index)).join('') +
  '·…‘’“”–—㎡©®™→←↑↓○●※★☆'

/** The distinct characters of `texts` plus the always-kept set. */
export function usedCharacters(texts: string[]): string {
  const characters = new Set(ALWAYS_KEPT)
  for (const text of texts) {
    for (const character of text) {
      if (character >= ' ') characters.add(character)
    }
  }
  return [...characters].sort().join('')
}

export interface SubsetFont {
  /** The address the CSS and HTML use before the build renames it. */
  href: string
  /** The content-hashed address written to the output. */
  hashedHref: string
  bytes: number
}

/**
 * The OpenType features kept: what browsers apply to horizontal text by themselves, and
 * the tabular figures the tables ask for (`font-variant-numeric: tabular-nums`). Pretendard's
 * stylistic sets, alternates, fractions and vertical forms are never asked for; keeping
 * them keeps their glyphs too, a sixth of each file.
 */
export const KEPT_FEATURES = [
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'kern',
  'liga',
  'clig',
  'calt',
  'rlig',
  'rclt',
  'tnum',
]

/**
 * Writes each Pretendard weight, reduced to `characters` and the features the site uses,
 * as WOFF2 under `<clientDir>/fonts/` with a content hash in its name.
 */
export async function subsetFonts(clientDir: string, characters: string): Promise<SubsetFont[]> {
  const sourceDir = path.join(
    path.dirname(require.resolve('pretendard/package.json')),
    'dist/web/static/woff2',
  )
  await mkdir(path.join(clientDir, 'fonts'), {recursive: true})
  return Promise.all(
    Object.values(FONT_FILES).map(async (font) => {
      const subset = await subsetFont(
        await readFile(path.join(sourceDir, font.source)),
        characters,
        {targetFormat: 'woff2', keepFeatures: KEPT_FEATURES},
      )
      const hash = createHash('sha256').update(subset).digest('hex').slice(0, 10)
      const hashedHref = font.href.replace(/\.woff2$/, `.${hash}.woff2`)
      await writeFile(path.join(clientDir, ...hashedHref.split('/')), subset)
      return {href: font.href, hashedHref, bytes: subset.length}
    }),
  )
}
