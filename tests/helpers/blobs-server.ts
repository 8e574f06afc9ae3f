import {randomUUID} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {afterAll, beforeAll, beforeEach, vi} from 'vitest'

const TOKEN = 'blobs-test-token'

/** The Blobs environment of a site at `url`, as the platform hands it to the functions. */
export const blobsContext = (url: string, siteID: string = randomUUID()): string =>
  Buffer.from(
    JSON.stringify({siteID, token: TOKEN, edgeURL: url, uncachedEdgeURL: url, deployID: '0'}),
  ).toString('base64')

/**
 * A local Blobs server for the tests of a file: getStore() in the functions reaches it through
 * NETLIFY_BLOBS_CONTEXT, as on Netlify. Each test starts with empty stores (a site of its own).
 */
export function withBlobsServer(): {url: () => string} {
  let server: BlobsServer
  let directory = ''
  let url = ''
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'blobs-'))
    server = new BlobsServer({directory, token: TOKEN})
    url = `http://127.0.0.1:${(await server.start()).port}`
  })
  beforeEach(() => {
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobsContext(url))
  })
  afterAll(async () => {
    await server.stop()
    rmSync(directory, {recursive: true, force: true})
  })
  return {url: () => url}
}
