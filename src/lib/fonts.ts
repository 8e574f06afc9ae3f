/**
 * The self-hosted Pretendard files. The build subsets them to the characters of the
 * generated pages and gives them content-hashed names (src/site-build/subset-fonts.ts
 * rewrites these addresses in the output); in development they are the full fonts.
 */
export const FONT_FILES = {
  regular: {
    href: '/fonts/pretendard-regular.woff2',
    source: 'Pretendard-Regular.woff2',
    weight: 400,
  },
  bold: {href: '/fonts/pretendard-bold.woff2', source: 'Pretendard-Bold.woff2', weight: 700},
} as const

/**
 * Both weights are preloaded: every page sets its headings in bold, and a bold face that
 * arrives after the first paint re-wraps them and moves everything below (layout shift).
 */
export const FONT_PRELOAD_HREFS = [FONT_FILES.regular.href, FONT_FILES.bold.href]
