// Renders the sharing image content/images/og-default.svg to og-default.png (1200x630) with
// Pretendard from the installed `pretendard` package and no system fonts, so the PNG comes out
// the same on every machine. Run: npx tsx scripts/render-og.ts
import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Resvg} from '@resvg/resvg-js'

const root = fileURLToPath(new URL('..', import.meta.url))
const fontDir = `${root}node_modules/pretendard/dist/public/static/`

export function pretendardFiles(): string[] {
  const files = readdirSync(fontDir)
    .filter((name) => /^Pretendard-\w+\.otf$/.test(name))
    .map((name) => fontDir + name)
  if (files.length === 0) throw new Error(`Pretendard OTF files not found in ${fontDir}`)
  return files
}

export function renderSvgToPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: {mode: 'width', value: width},
    font: {loadSystemFonts: false, fontFiles: pretendardFiles(), defaultFontFamily: 'Pretendard'},
  })
  return resvg.render().asPng()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = `${root}content/images/og-default.svg`
  const target = `${root}content/images/og-default.png`
  const png = renderSvgToPng(readFileSync(source, 'utf8'), 1200)
  writeFileSync(target, png)
  console.log(`og-default.png: ${png.length} bytes`)
}
