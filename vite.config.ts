import {createReadStream} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {reactRouter} from '@react-router/dev/vite'
import {defineConfig, type Plugin} from 'vite'
import {FONT_FILES} from './src/lib/fonts.ts'
import {publicConfigFrom} from './src/lib/site-config.ts'
import {preactBuild} from './src/site-build/preact-build.ts'

const require = createRequire(import.meta.url)

/** In development the fonts are served whole from the pretendard package (the build subsets them). */
function devFonts(): Plugin {
  const fontDir = path.join(path.dirname(require.resolve('pretendard/package.json')), 'dist/web/static/woff2')
  return {
    name: 'site:dev-fonts',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const font = Object.values(FONT_FILES).find((file) => file.href === request.url)
        if (!font) return next()
        response.setHeader('Content-Type', 'font/woff2')
        createReadStream(path.join(fontDir, font.source)).pipe(response)
      })
    },
  }
}

export default defineConfig({
  // Only public values reach the bundle: no token, no secret (see src/lib/site-config.ts).
  define: {__PUBLIC_SITE_CONFIG__: JSON.stringify(publicConfigFrom(process.env))},
  resolve: {alias: {'~': path.resolve(import.meta.dirname, 'src')}},
  plugins: [preactBuild(), reactRouter(), devFonts()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The query constants are plain strings: those a bundle does not use are dropped.
      treeshake: {manualPureFunctions: ['defineQuery']},
      output: {
        codeSplitting: {
          // Preact (standing in for React, see src/site-build/preact-build.ts) and React Router
          // in one chunk, which every page needs whole before it is interactive: one request
          // instead of a chain.
          groups: [{name: 'framework', test: /node_modules[\\/](preact|react-router)[\\/]/, priority: 1}],
        },
      },
    },
  },
})
