import type {Config} from '@react-router/dev/config'
import {TOUR_KEYS_QUERY} from './src/lib/queries.ts'
import {createSiteClient} from './src/lib/sanity.ts'
import {tourPath} from './src/lib/site-paths.ts'
import {publicConfigFrom} from './src/lib/site-config.ts'
import {fetchSiteMapData, siteInventory} from './src/lib/seo/site-inventory.ts'
import {finishBuild} from './src/site-build/finish-build.ts'
import {
  NOT_FOUND_PRERENDER_PATH,
  RESOURCE_PATHS,
  UNLISTED_PAGE_PATHS,
} from './src/site-build/prerender-paths.ts'

/**
 * Static site: no server rendering at request time. Every page known at build time is
 * prerendered to HTML from the Content Lake; other paths (a press post published later)
 * render in the browser from the SPA fallback page.
 */
export default {
  appDirectory: 'src',
  // `npm start` rebuilds after a published change into a folder of its own (scripts/lib/site-rebuilds.ts).
  buildDirectory: process.env.SITE_BUILD_DIR ?? 'build',
  ssr: false,
  // React Router v8's behaviours, each decided (docs/decisions/002-react-router-future-flags.md).
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    // The build's finishing step reads Vite's classic build context.
    v8_viteEnvironmentApi: false,
    // More route chunks before a page is interactive, not measured by the bench yet.
    v8_splitRouteModules: false,
    // Prerendering then asks for `/path/`, and the menus lose their current-page mark.
    v8_trailingSlashAwareDataRequests: false,
  },
  async prerender() {
    const client = createSiteClient(publicConfigFrom(process.env))
    const pages = siteInventory(await fetchSiteMapData(client)).map((entry) => entry.path)
    const tours = (await client.fetch(TOUR_KEYS_QUERY)).flatMap((key) =>
      key ? [tourPath(key)] : [],
    )
    return [...pages, ...tours, ...UNLISTED_PAGE_PATHS, NOT_FOUND_PRERENDER_PATH, ...RESOURCE_PATHS]
  },
  async buildEnd({viteConfig}) {
    await finishBuild(viteConfig.build.outDir, createSiteClient(publicConfigFrom(process.env)))
  },
} satisfies Config
