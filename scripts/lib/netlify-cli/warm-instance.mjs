/**
 * One warm instance of a v2 function (warm-instances.mjs): imports the bundle once, then
 * answers each call posted to it as netlify-cli's own worker answers its one call, with
 * the same libraries, resolved from netlify-cli.
 */
import {createRequire} from 'node:module'
import {createServer} from 'node:net'
import {parentPort, workerData} from 'node:worker_threads'

const fromRuntime = createRequire(workerData.runtimeUrl)
fromRuntime('source-map-support').install()
const lambdaLocal = fromRuntime('lambda-local')
lambdaLocal.getLogger().level = 'alert'

const lambdaFunc = await import(workerData.entryFilePath)

/** What netlify-cli's worker counts as a streamed body (is-stream). */
const isStream = (body) =>
  body !== null && typeof body === 'object' && typeof body.pipe === 'function'

/**
 * Serves a streamed body to the one connection netlify-cli opens for it, and tells when it
 * has been sent. @returns {Promise<{port: number, sent: Promise<void>}>}
 */
function serveOnce(body) {
  return new Promise((resolve, reject) => {
    let sent
    const done = new Promise((resolveSent) => (sent = resolveSent))
    const server = createServer((socket) => {
      body.pipe(socket).on('close', () => server.close(() => sent()))
    })
    server.on('error', reject)
    server.listen({port: 0, host: 'localhost'}, () => {
      const address = server.address()
      if (address === null || typeof address !== 'object') {
        reject(new Error('Expected server.address() to return an object'))
        return
      }
      resolve({port: address.port, sent: done})
    })
  })
}

parentPort?.on('message', async ({clientContext, environment = {}, event, timeoutMs}) => {
  for (const key in environment) process.env[key] = environment[key]
  try {
    const result = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: 'dev',
      timeoutMs,
      verboseLevel: 3,
    })
    if (result != null && isStream(result.body)) {
      const {body, ...rest} = result
      const {port, sent} = await serveOnce(body)
      parentPort?.postMessage({result: {...rest, streamPort: port}})
      await sent
      parentPort?.postMessage({idle: true})
    } else {
      parentPort?.postMessage({result, idle: true})
    }
  } catch (error) {
    parentPort?.postMessage({error})
  }
})
