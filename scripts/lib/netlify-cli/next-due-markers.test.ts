import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {afterEach, expect, it, vi} from 'vitest'
import {markDue, readNextDue} from '#netlify/functions/_shared/next-due.ts'
import {operationsStore} from '#netlify/functions/_shared/operations-store.ts'
import {forgetNextDueMarkers} from './next-due-markers.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

it('forgets the schedules’ markers in netlify-cli’s Blobs folder, and nothing else', async () => {
  const root = mkdtempSync(join(tmpdir(), 'next-due-markers-'))
  // The server netlify-cli starts, on the folder it uses, for a site not linked to Netlify.
  const server = new BlobsServer({
    directory: join(root, '.netlify/blobs-serve'),
    token: 'blobs-test-token',
  })
  try {
    const {port} = await server.start()
    const url = `http://127.0.0.1:${port}`
    const context = {
      siteID: 'unlinked',
      token: 'blobs-test-token',
      edgeURL: url,
      uncachedEdgeURL: url,
    }
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'))
    const at = Date.parse('2026-11-26T05:00:00Z')
    await markDue('texts', at)
    await markDue('no-shows', at)
    await operationsStore().setJSON('job-runs/send-texts', {ok: true})
    expect((await readNextDue('no-shows')).keys).toHaveLength(1)

    forgetNextDueMarkers(root)

    expect(await readNextDue('texts')).toEqual({at: null, keys: [], read: true})
    expect(await readNextDue('no-shows')).toEqual({at: null, keys: [], read: true})
    expect(await operationsStore().get('job-runs/send-texts', {type: 'json'})).toEqual({ok: true})
  } finally {
    await server.stop()
    rmSync(root, {recursive: true, force: true})
  }
})
