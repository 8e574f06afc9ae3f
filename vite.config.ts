import {createReadStream} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {reactRouter} from '@react-router/dev/vite'
import type {ChunkingContext} from 'rolldown'
import {defineConfig, type Plugin} from 'vite'
import {checkSettings} from './config/settings.ts'
import {FONT_FILES} from './src/lib/fonts.ts'
import {publicConfigFrom} from './src/lib/public-config-from-env.ts'
import {pageScript} from './src/build-steps/page-script-plugin.ts'
import {FORM_CHUNK} from './src/build-steps/size-budgets.ts'

// The dev server and every build stop here on a wrong setting, and a production build on a
// missing required one, before anything is built or served with it.
checkSettings()

const require = createRequire(import.meta.url)

/**
 * In development the fonts are served whole from the pretendard package (the build subsets them).
 */
function devFonts(): Plugin {
  const fontDir = path.join(
    path.dirname(require.resolve('pretendard/package.json')),
    'dist/web/static/woff2',
  )
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

const SRC = path.resolve(import.meta.dirname, 'src')
const ROOT_ROUTE = path.join(SRC, 'root.tsx')
const PREVIEW_TOOLS = path.join(SRC, 'preview/PreviewTools.tsx')
const REGISTRATION_FORM = path.join(SRC, 'components/registration/RegistrationForm.tsx')
const STAFF_WORKSPACE = path.join(SRC, 'routes/admin-leads.tsx')
const VISITOR_SIGN_IN = path.join(SRC, 'components/visitor-data/CodeSignIn.tsx')

/** The modules reachable from `starts` through `next`, keeping to those `keep` accepts. */
function reachable(
  starts: readonly string[],
  next: (id: string) => readonly string[],
  keep: (id: string) => boolean = () => true,
): Set<string> {
  const found = new Set<string>()
  const pending = [...starts]
  for (let id = pending.pop(); id; id = pending.pop()) {
    if (found.has(id) || !keep(id)) continue
    found.add(id)
    pending.push(...next(id))
  }
  return found
}

/** What is worked out once per build: the chunking callback runs per module. */
function perBuild<T>(compute: (context: ChunkingContext) => T) {
  const byBuild = new WeakMap<ChunkingContext, T>()
  return (context: ChunkingContext): T => {
    let value = byBuild.get(context)
    if (value === undefined) byBuild.set(context, (value = compute(context)))
    return value
  }
}

/** The site's modules that the root route imports, statically and through each other. */
const rootImports = perBuild((context) =>
  reachable(
    context.getModuleInfo(ROOT_ROUTE)?.importedIds ?? [],
    (id) => context.getModuleInfo(id)?.importedIds ?? [],
    (id) => id.startsWith(SRC),
  ),
)

/** The project's own modules: the site's and those it shares with the functions. */
const ownModule = (id: string) =>
  id.startsWith(import.meta.dirname) && !id.includes(`${path.sep}node_modules${path.sep}`)

/** The project's modules that `start` imports, statically and through each other. */
const staticImports = (context: ChunkingContext, start: string) =>
  reachable([start], (id) => context.getModuleInfo(id)?.importedIds ?? [], ownModule)

type FormChunk = 'form-fields' | 'visit-time' | typeof FORM_CHUNK

/**
 * The chunk of each of the registration form's modules that the site's chunk does not hold:
 * 'form-fields' for those the visitor-data sign-in (the privacy page's) also runs, the field
 * error and the phone formatting; 'visit-time' for those the staff workspace also runs, the
 * visit-time picker, the consents and the slots; FORM_CHUNK for the rest.
 */
const formChunks = perBuild((context) => {
  const site = rootImports(context)
  const signIn = staticImports(context, VISITOR_SIGN_IN)
  const staff = staticImports(context, STAFF_WORKSPACE)
  const chunks = new Map<string, FormChunk>()
  for (const id of staticImports(context, REGISTRATION_FORM)) {
    if (site.has(id)) continue
    chunks.set(id, signIn.has(id) ? 'form-fields' : staff.has(id) ? 'visit-time' : FORM_CHUNK)
  }
  return chunks
})

/**
 * The registration form, which the customer page shows in its first screen, travels in three
 * chunks instead of the nine that the sets of pages sharing its modules would give it: each
 * request costs the page its headers on top of its bytes. The pages that share a part (the
 * privacy page's sign-in, the staff workspace) load that part, not the rest of the form.
 */
const formChunk =
  (name: FormChunk) =>
  (moduleId: string, context: ChunkingContext): string | null =>
    formChunks(context).get(moduleId) === name ? name : null

/** Preview mode's tools and everything they load, statically or on demand. */
const previewImports = perBuild((context) =>
  reachable([PREVIEW_TOOLS], (id) => {
    const info = context.getModuleInfo(id)
    return [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]
  }),
)

/**
 * Every page runs the root route's modules, so they travel in one chunk ('site'). Left to
 * itself the bundler gives each set of pages that shares a module a chunk of its own, and a
 * page started a dozen module requests of one or two kilobytes, each with its own cost on
 * the main thread.
 */
function everyPageChunk(moduleId: string, context: ChunkingContext): string | null {
  return rootImports(context).has(moduleId) ? 'site' : null
}

/**
 * Preview mode's tools, which only a page opened by the Studio loads: one chunk, 'preview',
 * that the font subset leaves out (finish-build.ts), so its many characters do not weigh on
 * every visitor's fonts.
 */
function previewChunk(moduleId: string, context: ChunkingContext): string | null {
  const inPreview = previewImports(context).has(moduleId)
  return inPreview && !rootImports(context).has(moduleId) ? 'preview' : null
}

export default defineConfig({
  // Only public values reach the bundle: no token, no secret (see src/lib/public-config.ts).
  define: {__PUBLIC_SITE_CONFIG__: JSON.stringify(publicConfigFrom(process.env))},
  plugins: [reactRouter(), pageScript(), devFonts()],
  build: {
    assetsInlineLimit: 0,
    // The two chunks above Vite's 500 KB default load only where they serve: the E-model
    // tours' panorama viewer (three.js) and the editors' preview tools. Every page's own
    // JavaScript is held to the size budgets (src/build-steps/size-budgets.ts) instead.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The query constants are plain strings: those a bundle does not use are dropped.
      treeshake: {manualPureFunctions: ['defineQuery']},
      output: {
        codeSplitting: {
          // React, React DOM and React Router in one chunk, which every page needs whole before
          // it is interactive: one request instead of a chain.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 1,
            },
            {name: everyPageChunk},
            // In this order: a part keeps its modules when the next gathers what they import.
            {name: formChunk('form-fields')},
            {name: formChunk('visit-time')},
            {name: formChunk(FORM_CHUNK)},
            {name: previewChunk},
          ],
        },
      },
    },
  },
})
