/**
 * The self-hosted Pretendard files. The build subsets them to the characters of the
 * generated pages and gives them content-hashed names (src/build-steps/subset-fonts.ts
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
 * One weight is preloaded, bold: every page sets its headings in it, and a bold face that
 * arrives after the first paint re-wraps them and moves everything below (layout shift). The
 * regular weight is fetched when the first layout asks for it: its fallback is scaled to its
 * metrics (fonts.css), so it swaps in without moving anything, and it does not take the
 * network from the first screen's picture.
 */
export const FONT_PRELOAD_HREFS = [FONT_FILES.bold.href]
