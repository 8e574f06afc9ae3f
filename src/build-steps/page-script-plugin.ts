import path from 'node:path'
import {build, type Plugin, type Rolldown} from 'vite'

const ENTRY = path.resolve(import.meta.dirname, '../page-script/page-script.ts')
const PUBLIC_ID = 'virtual:page-script'
const RESOLVED_ID = `\0${PUBLIC_ID}`

/**
 * The page script (src/page-script/) built on its own into one small self-contained script:
 * it runs inline, before any module of the app, so it can share no chunk with them.
 */
export async function buildPageScript(): Promise<Rolldown.OutputChunk> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: {alias: {'~': path.resolve(import.meta.dirname, '..')}},
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      rolldownOptions: {input: ENTRY, output: {format: 'iife'}},
    },
  })
  const outputs = Array.isArray(result) ? result : [result]
  const chunks = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item) => item.type === 'chunk')
  if (chunks.length !== 1)
    throw new Error(`The page script built into ${chunks.length} chunks instead of one.`)
  return chunks[0]!
}

/**
 * `import pageScript from 'virtual:page-script'`: the page script's code, for the root
 * layout to write into every page's <head> (src/root.tsx).
 */
export function pageScript(): Plugin {
  return {
    name: 'site:page-script',
    resolveId: (id) => (id === PUBLIC_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      const chunk = await buildPageScript()
      for (const file of chunk.moduleIds) this.addWatchFile(file)
      const code = chunk.code.trim()
      // Written into an inline <script>, where this sequence would end it early.
      if (code.toLowerCase().includes('</script'))
        throw new Error('The page script contains "</script".')
      return `export default ${JSON.stringify(code)}`
    },
  }
}
