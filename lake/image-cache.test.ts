import {mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {ImageCache} from './image-cache.ts'
import {startTestLake, TEST_PROJECT_ID, type TestLake} from './test-lake.ts'

function folderBytes(dir: string): number {
  let total = 0
  for (const name of readdirSync(dir)) total += statSync(join(dir, name)).size
  return total
}

describe('ImageCache', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'image-cache-'))
  })
  afterAll(() => rmSync(dir, {recursive: true, force: true}))

  it('keeps its folder under the cap by deleting the variants served least recently', () => {
    const cache = new ImageCache(join(dir, 'lru'), 1000)
    const bytes = (fill: number) => Buffer.alloc(300, fill)
    cache.put('a.png', bytes(1))
    cache.put('b.png', bytes(2))
    cache.put('c.png', bytes(3))
    expect(cache.get('a.png')?.[0]).toBe(1) // a is now the most recent
    cache.put('d.png', bytes(4)) // 1200 bytes: b, the least recent, goes
    expect(cache.get('b.png')).toBeUndefined()
    expect(cache.get('a.png')?.[0]).toBe(1)
    expect(cache.get('c.png')?.[0]).toBe(3)
    expect(cache.get('d.png')?.[0]).toBe(4)
    expect(cache.size).toBe(900)
    expect(folderBytes(join(dir, 'lru'))).toBe(900)
  })

  it('finds its variants, their sizes and their order again after a restart', () => {
    const first = new ImageCache(join(dir, 'restart'), 1000)
    first.put('old.webp', Buffer.alloc(400))
    first.put('new.webp', Buffer.alloc(400))
    first.get('old.webp')
    const second = new ImageCache(join(dir, 'restart'), 1000)
    expect(second.size).toBe(800)
    second.put('third.webp', Buffer.alloc(400))
    expect(second.get('new.webp')).toBeUndefined()
    expect(second.get('old.webp')).toBeDefined()
  })

  it('shrinks a folder over a lowered cap when it opens', () => {
    const first = new ImageCache(join(dir, 'lowered'), 10_000)
    for (let i = 0; i < 10; i++) first.put(`${i}.png`, Buffer.alloc(500))
    const second = new ImageCache(join(dir, 'lowered'), 2000)
    expect(second.size).toBeLessThanOrEqual(2000)
    expect(folderBytes(join(dir, 'lowered'))).toBeLessThanOrEqual(2000)
    expect(second.get('9.png')).toBeDefined()
  })
})

describe("the lake's image variants", () => {
  const CAP = 64 * 1024
  let t: TestLake
  beforeAll(async () => {
    t = await startTestLake({imageCacheBytes: CAP})
  })
  afterAll(async () => {
    await t.stop()
  })

  it(
    'stay under the cap however many parameter combinations ' +
      'are asked for, and a variant in use keeps being served',
    async () => {
      const noise = await sharp(
        Buffer.from(Array.from({length: 300 * 200 * 3}, (_, i) => (i * 7919) % 256)),
        {raw: {width: 300, height: 200, channels: 3}},
      )
        .png()
        .toBuffer()
      const asset = await t.client.assets.upload('image', noise, {filename: 'noise.png'})
      const url = `${t.lake.url}/images/${TEST_PROJECT_ID}/test/${asset.sha1hash}-300x200.png`
      const hero = `${url}?w=200&fm=png`
      const heroResponse = await fetch(hero)
      const first = Buffer.from(await heroResponse.arrayBuffer())
      const heroFile = `${heroResponse.headers.get('etag')?.replaceAll('"', '')}.png`
      for (let i = 0; i < 40; i++) {
        // Every background colour is a new variant: the probe that filled the disk.
        const response = await fetch(`${url}?w=250&fm=png&bg=${i.toString(16).padStart(6, '0')}`)
        expect(response.status).toBe(200)
        await response.arrayBuffer()
        const again = await fetch(hero)
        expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true)
      }
      const cacheDir = join(t.dataDir, 'lake', 'test', 'cache')
      expect(folderBytes(cacheDir)).toBeLessThanOrEqual(CAP)
      expect(readdirSync(cacheDir)).toContain(heroFile)
    },
    60_000,
  )
})
