/**
 * The loader hook of `warm-functions.mjs`: netlify-cli's JavaScript runtime, as loaded,
 * borrows a warm instance where it would start a fresh worker. The runtime's own code
 * still posts the call and reads the answer (a streamed body included).
 */
const RUNTIME = /\/netlify-cli\/dist\/lib\/functions\/runtimes\/js\/index\.js$/
const FRESH_WORKER = 'new Worker(workerURL, {'
const WARM_INSTANCES = new URL('./warm-instances.mjs', import.meta.url).href

/**
 * The runtime's source with the fresh worker replaced.
 * @param {string} source
 */
export function warmRuntime(source) {
  if (!source.includes(FRESH_WORKER)) {
    throw new Error(
      `warm-functions-hook.mjs: netlify-cli's runtime no longer has "${FRESH_WORKER}": ` +
        'check whether this version still needs the warm instances',
    )
  }
  // Imports are hoisted: the line goes last so that the source map's lines stay right.
  return (
    source.replace(FRESH_WORKER, 'borrowWarmInstance(workerURL, {') +
    `\nimport {borrowWarmInstance} from ${JSON.stringify(WARM_INSTANCES)}\n`
  )
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context)
  if (!RUNTIME.test(url)) return loaded
  return {...loaded, source: warmRuntime(String(loaded.source))}
}
