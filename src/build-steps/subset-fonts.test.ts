import {describe, expect, it} from 'vitest'
import {
  firstScreenText,
  fontSlices,
  preloadFontSlices,
  shownText,
  sliceFontFaces,
  unicodeRange,
  type SubsetFont,
} from './subset-fonts.ts'

const HOME =
  '<html><head><title>제목</title></head><body><header>메뉴</header>' +
  '<main><section><h1>호수 공원</h1><img alt="사진"></section><section><h2>입주 안내</h2></section></main>' +
  '<aside>상담</aside><template id="react-router-startup"><script>"숨김"</script></template></body></html>'

const sorted = (characters: string) => [...characters].sort().join('')

describe('shownText', () => {
  it("keeps the body's text and drops the head, the tags, the scripts and the startup", () => {
    expect(shownText(HOME).replace(/\s+/g, ' ').trim()).toBe('메뉴 호수 공원 입주 안내 상담')
  })
})

describe('firstScreenText', () => {
  it('is the frame around <main> and its first section', () => {
    expect(firstScreenText(HOME).replace(/\s+/g, ' ').trim()).toBe('메뉴 호수 공원 상담')
  })

  it('refuses a home page without a first section', () => {
    expect(() => firstScreenText('<main><h1>호수</h1></main>')).toThrow(/first screen/)
  })
})

describe('fontSlices', () => {
  const slices = fontSlices(HOME, [HOME, '<p>입주 계약</p>'])

  it("cuts the first screen's characters, the home page's others and everything else", () => {
    expect(sorted(slices.first.replace(' ', ''))).toBe(sorted('메뉴호수공원상담'))
    for (const character of '입주안내A1<>') expect(slices.home).toContain(character)
    // The other pages' text, and what the home page holds unshown (its title, an alt text, data).
    expect(sorted(slices.rest)).toBe(sorted('계약제목사진숨김'))
  })

  it('puts each character in one slice only', () => {
    const all = slices.first + slices.home + slices.rest
    expect(new Set(all).size).toBe(all.length)
  })
})

describe('unicodeRange', () => {
  it('joins consecutive code points into runs and lists the others alone', () => {
    expect(unicodeRange('cab가각e')).toBe('U+61-63,U+65,U+AC00-AC01')
  })
})

const fonts: SubsetFont[] = [
  {
    href: '/fonts/pretendard-bold.woff2',
    slices: [
      {hashedHref: '/fonts/pretendard-bold.aa.woff2', characters: 'ab', bytes: 1},
      {hashedHref: '/fonts/pretendard-bold-rest.bb.woff2', characters: '가', bytes: 1},
    ],
  },
]

describe('sliceFontFaces', () => {
  it("writes a face per slice with its file and range, and leaves other weights' faces", () => {
    const regular =
      '@font-face{font-family:Pretendard;font-weight:400;src:url(/fonts/pretendard-regular.woff2)format("woff2")}'
    const css =
      `body{color:red}${regular}` +
      '@font-face{font-family:Pretendard;font-weight:700;font-display:swap;src:url(/fonts/pretendard-bold.woff2)format("woff2")}'
    expect(sliceFontFaces(css, fonts)).toBe(
      `body{color:red}${regular}` +
        '@font-face{font-family:Pretendard;font-weight:700;font-display:swap;src:url(/fonts/pretendard-bold.aa.woff2)format("woff2");unicode-range:U+61-62}' +
        '@font-face{font-family:Pretendard;font-weight:700;font-display:swap;src:url(/fonts/pretendard-bold-rest.bb.woff2)format("woff2");unicode-range:U+AC00}',
    )
  })

  it('reads the unminified form too (quoted addresses)', () => {
    const css = `@font-face {\n  font-weight: 700;\n  src: url('/fonts/pretendard-bold.woff2') format('woff2');\n}\n`
    const sliced = sliceFontFaces(css, fonts)
    expect(sliced).toContain("url('/fonts/pretendard-bold.aa.woff2')")
    expect(sliced).toContain("url('/fonts/pretendard-bold-rest.bb.woff2')")
    expect(sliced.match(/unicode-range:/g)).toHaveLength(2)
  })
})

describe('preloadFontSlices', () => {
  const link = '<link rel="preload" href="/fonts/pretendard-bold.woff2" as="font"/>'
  const preloads = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])

  it('preloads only the slices whose characters the text has', () => {
    expect(preloads(preloadFontSlices(`<head>${link}</head>`, fonts, '가나'))).toEqual([
      '/fonts/pretendard-bold-rest.bb.woff2',
    ])
    expect(preloads(preloadFontSlices(`<head>${link}</head>`, fonts, 'a가'))).toEqual([
      '/fonts/pretendard-bold.aa.woff2',
      '/fonts/pretendard-bold-rest.bb.woff2',
    ])
  })
})
