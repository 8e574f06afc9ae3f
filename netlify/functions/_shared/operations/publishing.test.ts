import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, beforeEach, expect, it, vi} from 'vitest'
import {buildForPublish, publishingHealth} from './publishing.ts'

/*
 * Netlify Blobs in production answers a read with its ETag and refuses a write made over an
 * older one; the local Blobs server names no ETag on reads. This store does what the
 * platform does, and lets every read and write wait a turn, so that concurrent publishes
 * interleave between their read and their write.
 */
const blobs = vi.hoisted(() => {
  const entries = new Map<string, {data: unknown; etag: string}>()
  let version = 0
  const turn = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
  const store = {
    async get(key: string) {
      await turn()
      return structuredClone(entries.get(key)?.data ?? null)
    },
    async getWithMetadata(key: string) {
      await turn()
      const entry = entries.get(key)
      return entry ? {data: structuredClone(entry.data), etag: entry.etag, metadata: {}} : null
    },
    async setJSON(
      key: string,
      data: unknown,
      options: {onlyIfMatch?: string; onlyIfNew?: boolean},
    ) {
      await turn()
      const current = entries.get(key)
      if (options.onlyIfNew && current) return {modified: false}
      if (options.onlyIfMatch && current?.etag !== options.onlyIfMatch) return {modified: false}
      const etag = `"${++version}"`
      entries.set(key, {data: structuredClone(data), etag})
      return {modified: true, etag}
    },
  }
  return {entries, store}
})
vi.mock('../operations-store.ts', () => ({operationsStore: () => blobs.store}))

let hook: Server
let hookCalls = 0
let hookUrl: string

beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++
    res.writeHead(200).end()
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())))
beforeEach(() => {
  blobs.entries.clear()
  hookCalls = 0
})

it('starts one build for 20 publishes at once, the others joining one follow-up', async () => {
  const outcomes = await Promise.all(
    Array.from({length: 20}, (_, i) => buildForPublish(hookUrl, `publish ${i}`)),
  )
  expect(outcomes.filter((outcome) => outcome === 'started')).toHaveLength(1)
  expect(outcomes.filter((outcome) => outcome === 'follow-up')).toHaveLength(19)
  expect(hookCalls).toBe(1)
  expect(await publishingHealth()).toMatchObject({building: true, followUpPending: true})
})
