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

/** The distinct characters of `texts`, in code point order. */
function distinctCharacters(texts: string[]): string[] {
  const characters = new Set<string>()
  for (const text of texts) {
    for (const character of text) {
      if (character >= ' ') characters.add(character)
    }
  }
  return [...characters].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!)
}

/**
 * The text a generated page shows in its fonts: its body without the tags, the scripts and
 * React Router's startup (the same text again, as data).
 */
export function shownText(html: string): string {
  return html
    .replace(/^[\s\S]*?<\/head>/, '')
    .replace(/<template id="react-router-startup">[\s\S]*?<\/template>/, '')
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]*>/g, ' ')
}

/**
 * The home page's first screen: the site's frame around `<main>` (the header and its menus,
 * the fixed bar, the registration popup, the footer), which every page shows, and the home
 * page's first section, its hero.
 */
export function firstScreenText(homeHtml: string): string {
  const main = homeHtml.indexOf('<main')
  const hero = homeHtml.indexOf('</section>', main)
  const mainEnd = homeHtml.indexOf('</main>', hero)
  if (main < 0 || hero < 0 || mainEnd < 0)
    throw new Error(
      'The home page has no <main> with a first section: its first screen is unknown.',
    )
  return shownText(homeHtml.slice(0, hero) + homeHtml.slice(mainEnd))
}

/**
 * The characters of each weight's files: `first`, those of the home page's first screen,
 * preloaded there; `home`, the home page's others and the always-kept set, which the home
 * page fetches with its first layout, after the first screen's picture; `rest`, those only
 * the other pages and the scripts use. So the home page's first view waits for a small file,
 * and a visitor going on fetches only the rest.
 */
export interface FontSlices {
  first: string
  home: string
  rest: string
}

export function fontSlices(homeHtml: string, allTexts: string[]): FontSlices {
  const first = distinctCharacters([firstScreenText(homeHtml)])
  const taken = new Set(first)
  const home = distinctCharacters([ALWAYS_KEPT, shownText(homeHtml)]).filter(
    (character) => !taken.has(character),
  )
  for (const character of home) taken.add(character)
  const rest = distinctCharacters(allTexts).filter((character) => !taken.has(character))
  return {first: first.join(''), home: home.join(''), rest: rest.join('')}
}

/** The CSS `unicode-range` of exactly `characters`, runs of code points joined. */
export function unicodeRange(characters: string): string {
  const points = [...new Set([...characters].map((character) => character.codePointAt(0)!))].sort(
    (a, b) => a - b,
  )
  const ranges: string[] = []
  for (let start = 0; start < points.length;) {
    let end = start
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end++
    const from = points[start]!.toString(16).toUpperCase()
    const to = points[end]!.toString(16).toUpperCase()
    ranges.push(start === end ? `U+${from}` : `U+${from}-${to}`)
    start = end + 1
  }
  return ranges.join(',')
}

export interface FontSliceFile {
  hashedHref: string
  characters: string
  bytes: number
}

export interface SubsetFont {
  /** The address the CSS and the preload use before the build rewrites them. */
  href: string
  /** The first screen's slice first, then the home page's and the rest's, when not empty. */
  slices: FontSliceFile[]
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
 * Writes each Pretendard weight, cut into `slices` and reduced to the features the site
 * uses, as WOFF2 files under `<clientDir>/fonts/` with a content hash in their names.
 */
export async function subsetFonts(clientDir: string, slices: FontSlices): Promise<SubsetFont[]> {
  const sourceDir = path.join(
    path.dirname(require.resolve('pretendard/package.json')),
    'dist/web/static/woff2',
  )
  await mkdir(path.join(clientDir, 'fonts'), {recursive: true})
  const named = [
    ['', slices.first],
    ['-home', slices.home],
    ['-rest', slices.rest],
  ].filter(([, characters]) => characters !== '')
  return Promise.all(
    Object.values(FONT_FILES).map(async (font) => {
      const source = await readFile(path.join(sourceDir, font.source))
      const files = await Promise.all(
        named.map(async ([suffix, characters]) => {
          const subset = await subsetFont(source, characters!, {
            targetFormat: 'woff2',
            keepFeatures: KEPT_FEATURES,
          })
          const hash = createHash('sha256').update(subset).digest('hex').slice(0, 10)
          const hashedHref = font.href.replace(/\.woff2$/, `${suffix}.${hash}.woff2`)
          await writeFile(path.join(clientDir, ...hashedHref.split('/')), subset)
          return {hashedHref, characters: characters!, bytes: subset.length}
        }),
      )
      return {href: font.href, slices: files}
    }),
  )
}

/**
 * `css` with each `@font-face` rule of a subset weight written once per slice, each with its
 * file and its `unicode-range`, so that a page fetches only the slices its text needs.
 */
export function sliceFontFaces(css: string, fonts: SubsetFont[]): string {
  return fonts.reduce((sheet, font) => {
    const address = font.href.replaceAll('.', '\\.')
    const rule = new RegExp(`@font-face\\s*\\{[^}]*url\\(\\s*['"]?${address}['"]?\\s*\\)[^}]*\\}`)
    return sheet.replace(rule, (face) =>
      font.slices
        .map((slice) =>
          face
            .replace(font.href, slice.hashedHref)
            .replace(/;?\s*\}$/, `;unicode-range:${unicodeRange(slice.characters)}}`),
        )
        .join(''),
    )
  }, css)
}

/**
 * `html` with its preload of each subset weight replaced by one per slice that `text` needs,
 * so that the text it names appears in its own font from the first paint.
 */
export function preloadFontSlices(html: string, fonts: SubsetFont[], text: string): string {
  const needed = new Set(text)
  return fonts.reduce((page, font) => {
    const address = font.href.replaceAll('.', '\\.')
    const preload = new RegExp(`<link [^>]*href="${address}"[^>]*>`)
    return page.replace(preload, (link) =>
      font.slices
        .filter((slice) => [...slice.characters].some((character) => needed.has(character)))
        .map((slice) => link.replace(font.href, slice.hashedHref))
        .join(''),
    )
  }, html)
}
