import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {afterAll, beforeAll, beforeEach} from 'vitest'
import {operationsStore} from '#netlify/functions/_shared/operations/store.ts'

const TOKEN = 'blobs-token-for-tests'

/**
 * Netlify Blobs for the functions of this test file, as the platform hands them over: a
 * local Blobs server in a folder of its own, named in NETLIFY_BLOBS_CONTEXT (not with
 * vi.stubEnv: tests unstub theirs after each test). Each test starts with an empty
 * operations store.
 */
export function withTestBlobs(): void {
  let server: BlobsServer | undefined
  const directory = mkdtempSync(join(tmpdir(), 'test-blobs-'))
  beforeAll(async () => {
    server = new BlobsServer({directory, token: TOKEN})
    const {port} = await server.start()
    const url = `http://127.0.0.1:${port}`
    const context = {siteID: 'test-site', token: TOKEN, edgeURL: url, uncachedEdgeURL: url}
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64')
  })
  beforeEach(async () => {
    await operationsStore().deleteAll()
  })
  afterAll(async () => {
    delete process.env.NETLIFY_BLOBS_CONTEXT
    await server?.stop()
    rmSync(directory, {recursive: true, force: true})
  })
}
