import {afterAll, beforeAll, expect, it} from 'vitest'
import {startTestBlobs} from '../../../tests/helpers/blobs-server.ts'
import {listKeys, openStore} from './blobs.ts'

let blobs: Awaited<ReturnType<typeof startTestBlobs>>
beforeAll(async () => {
  blobs = await startTestBlobs()
})
afterAll(async () => {
  await blobs.stop()
})

it('lists the keys under a prefix, sorted, without the local server’s half-written temporary files', async () => {
  const store = openStore('leads')
  await Promise.all(['a/2', 'a/1', 'b/1', 'a/.k3j9x2'].map((key) => store.set(key, 'x')))
  expect(await listKeys('leads', 'a/')).toEqual(['a/1', 'a/2'])
})
