import {readdir, readFile, rename, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {SanityClient} from '@sanity/client'
import {LAYOUT_QUERY} from '../lib/queries.ts'
import {
  PROMOTION_CUSTOMER_PATH,
  PROMOTION_PRESS_PATH,
  siteCustomerPath,
  sitePressPath,
} from '../lib/page-paths.ts'
import {publicConfigFrom} from '../lib/public-config-from-env.ts'
import {refuseLazyChunkStylesheets} from './lazy-stylesheets.ts'
import {refuseListedPagesMissing} from './listed-pages.ts'
import {NOT_FOUND_PRERENDER_PATH, RESOURCE_PATHS} from './prerender-paths.ts'
import {writeSecurityHeaders} from './security-headers.ts'
import {enforceSizeBudgets} from './size-budgets.ts'
import {holdStartup} from './startup-template.ts'
import {
  firstScreenText,
  fontSlices,
  preloadFontSlices,
  shownText,
  sliceFontFaces,
  subsetFonts,
} from './subset-fonts.ts'

const TEXT_OUTPUT = /\.(html|data|js|css|xml|txt)$/

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true})
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * The steps after React Router has prerendered the pages into `clientDir`:
 * 1. the unknown-path page becomes 404.html (Netlify answers unknown paths with it, status 404);
 * 2. the build fails when the sitemap or the feed names a page that was not prerendered;
 * 3. `_redirects` sends the old promotion addresses to the default site's pages (301);
 * 4. the build fails when a lazily loaded chunk brings one of a page's stylesheets;
 * 5. every page holds React Router's startup in a template, for the page script to start
 *    once the first screen is shown (startup-template.ts);
 * 6. Pretendard is subset to the characters of the generated pages and scripts, cut into
 *    slices (the home page's first screen, the rest of the home page, the others'), each with
 *    its font face and a content-hashed name; each page preloads the bold slices it shows
 *    (the home page, those of its first screen);
 * 7. `_headers` gives every page its Content-Security-Policy;
 * 8. every page is weighed against its size budget, and the build fails when one is over.
 */
export async function finishBuild(clientDir: string, client: SanityClient): Promise<void> {
  await moveNotFoundPage(clientDir)
  refuseListedPagesMissing(clientDir)
  await writeRedirects(clientDir, client)
  // Resource routes leave a data file beside their output; nothing ever requests it.
  await Promise.all(
    RESOURCE_PATHS.map((resource) => rm(path.join(clientDir, `${resource}.data`), {force: true})),
  )

  const files = (await filesUnder(clientDir)).filter((file) => TEXT_OUTPUT.test(file))
  const contents = new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8')] as const)),
  )
  refuseLazyChunkStylesheets(clientDir, contents)
  // Preview mode's chunk (vite.config.ts) shows nothing to visitors.
  const visible = [...contents]
    .filter(([file]) => !path.basename(file).startsWith('preview-'))
    .map(([, text]) => text)
  const homeFile = path.join(clientDir, 'index.html')
  const home = contents.get(homeFile)
  if (home === undefined) throw new Error('The home page was not generated (index.html).')
  const fonts = await subsetFonts(clientDir, fontSlices(home, visible))
  await Promise.all(
    [...contents].map(async ([file, text]) => {
      let rewritten = text
      if (file.endsWith('.html')) {
        // The home page preloads what its first screen shows; the others, what they show.
        const shown = file === homeFile ? firstScreenText(text) : shownText(text)
        rewritten = preloadFontSlices(holdStartup(text), fonts, shown)
      }
      if (file.endsWith('.css')) rewritten = sliceFontFaces(rewritten, fonts)
      // The root route's own preload, rendered again in the browser, names the first slice.
      for (const font of fonts)
        rewritten = rewritten.replaceAll(font.href, font.slices[0]!.hashedHref)
      if (rewritten !== text) await writeFile(file, rewritten)
    }),
  )
  for (const slice of fonts.flatMap((font) => font.slices))
    console.log(`Font subset: ${slice.hashedHref} (${Math.round(slice.bytes / 1024)} KB)`)
  // Last: the policy hashes the inline scripts as they are finally served.
  await writeSecurityHeaders(clientDir, client, publicConfigFrom(process.env))
  await enforceSizeBudgets(clientDir)
}

async function moveNotFoundPage(clientDir: string): Promise<void> {
  const prerendered = path.join(clientDir, NOT_FOUND_PRERENDER_PATH, 'index.html')
  await rename(prerendered, path.join(clientDir, '404.html'))
  await rm(path.join(clientDir, NOT_FOUND_PRERENDER_PATH), {recursive: true, force: true})
  await rm(path.join(clientDir, `${NOT_FOUND_PRERENDER_PATH}.data`), {force: true})
}

/**
 * The redirects that depend on the content (the default site); the fixed ones are in netlify.toml.
 */
export function redirectRules(defaultSite: string): string {
  return [
    `${PROMOTION_PRESS_PATH}  ${sitePressPath(defaultSite)}  301`,
    `${PROMOTION_CUSTOMER_PATH}  ${siteCustomerPath(defaultSite)}  301`,
    '',
  ].join('\n')
}

async function writeRedirects(clientDir: string, client: SanityClient): Promise<void> {
  const {settings} = await client.fetch(LAYOUT_QUERY)
  if (!settings?.defaultSite)
    throw new Error('siteSettings.defaultSite가 비어 있습니다: 기본 현장을 지정해 주세요.')
  await writeFile(path.join(clientDir, '_redirects'), redirectRules(settings.defaultSite))
}
