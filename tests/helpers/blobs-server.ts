import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'

/**
 * A real Netlify Blobs server on loopback for function tests. It sets
 * NETLIFY_BLOBS_CONTEXT the way the Netlify runtime does, so the functions' own
 * `getStore` calls work unchanged. Call `stop()` in afterAll.
 */
export async function startTestBlobs(): Promise<{stop(): Promise<void>}> {
  const directory = mkdtempSync(join(tmpdir(), 'blobs-'))
  const token = 'test-token'
  const server = new BlobsServer({directory, token, port: 0})
  const {port} = await server.start()
  const previous = process.env.NETLIFY_BLOBS_CONTEXT
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({edgeURL: `http://127.0.0.1:${port}`, uncachedEdgeURL: `http://127.0.0.1:${port}`, siteID: 'test-site', token}),
  ).toString('base64')
  return {
    async stop() {
      if (previous === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT
      else process.env.NETLIFY_BLOBS_CONTEXT = previous
      await server.stop()
      rmSync(directory, {recursive: true, force: true})
    },
  }
}
