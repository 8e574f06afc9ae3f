import type {Config} from '@react-router/dev/config'
import {setting} from './config/settings.ts'
import {createSiteClient} from './src/lib/sanity.ts'
import {publicConfigFrom} from './src/lib/public-config-from-env.ts'
import {finishBuild} from './src/build-steps/finish-build.ts'
import {prerenderPaths} from './src/build-steps/prerender-paths.ts'

/**
 * Static site: no server rendering at request time. Every page known at build time is
 * prerendered to HTML from the Content Lake; other paths (a press post published later)
 * render in the browser from the SPA fallback page.
 */
export default {
  appDirectory: 'src',
  // `npm start` rebuilds after a published change into a folder of its own
  // (scripts/lib/site-rebuilds.ts).
  buildDirectory: setting('SITE_BUILD_DIR'),
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
  prerender: () => prerenderPaths(createSiteClient(publicConfigFrom(process.env))),
  async buildEnd({viteConfig}) {
    await finishBuild(viteConfig.build.outDir, createSiteClient(publicConfigFrom(process.env)))
  },
} satisfies Config
