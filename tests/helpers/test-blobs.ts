import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {getStore} from '@netlify/blobs'
import {BlobsServer} from '@netlify/blobs/server'
import {afterAll, beforeAll, beforeEach} from 'vitest'

/**
 * A Blobs server for the file's tests, in a temporary folder, set as the functions' Blobs
 * environment (NETLIFY_BLOBS_CONTEXT, as the platform sets it), so `getStore()` inside a
 * handler reaches it. The `stores` are emptied before each test.
 */
export function withTestBlobs(stores: readonly string[] = ['operations']): void {
  let server: BlobsServer
  let directory: string
  let previous: string | undefined
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'test-blobs-'))
    const token = 'test-blobs-token'
    server = new BlobsServer({directory, token})
    const {port} = await server.start()
    const url = `http://127.0.0.1:${port}`
    previous = process.env.NETLIFY_BLOBS_CONTEXT
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
      JSON.stringify({siteID: 'test-site', token, edgeURL: url, uncachedEdgeURL: url}),
    ).toString('base64')
  })
  beforeEach(async () => {
    for (const name of stores) {
      const store = getStore(name)
      for (const {key} of (await store.list()).blobs) await store.delete(key)
    }
  })
  afterAll(async () => {
    if (previous === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT
    else process.env.NETLIFY_BLOBS_CONTEXT = previous
    await server.stop()
    rmSync(directory, {recursive: true, force: true})
  })
}
