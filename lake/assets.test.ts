import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import type {ClientError} from '@sanity/client'
import imageUrlBuilder from '@sanity/image-url'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_ORIGIN, TEST_PROJECT_ID, type TestLake} from './test-lake.ts'

let t: TestLake
let png: Buffer
beforeAll(async () => {
  t = await startTestLake()
  png = await sharp({create: {width: 400, height: 300, channels: 3, background: '#3366cc'}})
    .composite([
      {
        input: await sharp({create: {width: 100, height: 100, channels: 3, background: '#ff0000'}})
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer()
})
afterAll(async () => {
  await t.stop()
})

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" ' +
  'viewBox="0 0 200 100"><rect width="200" height="100" fill="#0a0"/></svg>'
const builder = () =>
  imageUrlBuilder({projectId: TEST_PROJECT_ID, dataset: 'test', baseUrl: t.lake.url})

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {headers})
  expect(response.status).toBe(200)
  const data = Buffer.from(await response.arrayBuffer())
  return {response, data, meta: await sharp(data).metadata()}
}

describe('image assets', () => {
  it(
    'upload creates a sanity.imageAsset with ' + 'url, path and dimensions, once per content',
    async () => {
      const asset = await t.client.assets.upload('image', png, {filename: 'hero.png'})
      expect(asset._id).toMatch(/^image-[0-9a-f]{40}-400x300-png$/)
      expect(asset).toMatchObject({
        _type: 'sanity.imageAsset',
        extension: 'png',
        mimeType: 'image/png',
        originalFilename: 'hero.png',
        size: png.length,
        path: `images/${TEST_PROJECT_ID}/test/${asset.sha1hash}-400x300.png`,
        url: `${t.lake.url}/images/${TEST_PROJECT_ID}/test/${asset.sha1hash}-400x300.png`,
        metadata: {dimensions: {width: 400, height: 300, aspectRatio: 400 / 300}},
      })
      const again = await t.client.assets.upload('image', png, {filename: 'copy.png'})
      expect(again._id).toBe(asset._id)
      expect(await t.anonymous.fetch('count(*[_type == "sanity.imageAsset"])')).toBe(1)
    },
  )

  it(
    'serves the original where @sanity/image-url ' +
      'points, with long-lived cache headers and ETag',
    async () => {
      const asset = await t.client.assets.upload('image', png)
      const url = builder().image(asset._id).url()
      expect(url).toBe(asset.url)
      const {response, data} = await fetchImage(url)
      expect(data.equals(png)).toBe(true)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const etag = response.headers.get('etag')
      expect(etag).toBeTruthy()
      const cached = await fetch(url, {headers: {'If-None-Match': etag!}})
      expect(cached.status).toBe(304)
    },
  )

  it('resizes and converts with w, h, fit, fm, q, dpr and rect', async () => {
    const asset = await t.client.assets.upload('image', png)
    const image = () => builder().image({asset: {_ref: asset._id}})

    const webp = await fetchImage(image().width(200).format('webp').url())
    expect(webp.meta).toMatchObject({format: 'webp', width: 200, height: 150})
    expect(webp.response.headers.get('content-type')).toBe('image/webp')
    expect(webp.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')

    const avif = await fetchImage(
      image().width(100).format('webp').url().replace('fm=webp', 'fm=avif'),
    )
    expect(avif.meta.format).toBe('heif')
    expect(avif.response.headers.get('content-type')).toBe('image/avif')

    const cropped = await fetchImage(image().width(100).height(100).fit('crop').format('jpg').url())
    expect(cropped.meta).toMatchObject({format: 'jpeg', width: 100, height: 100})

    const retina = await fetchImage(image().width(100).dpr(2).url())
    expect(retina.meta).toMatchObject({format: 'png', width: 200, height: 150})

    const rect = await fetchImage(image().rect(0, 0, 100, 100).format('png').url())
    expect(rect.meta).toMatchObject({width: 100, height: 100})
    const {dominant} = await sharp(rect.data).stats()
    expect(dominant.r).toBeGreaterThan(200)
    expect(dominant.b).toBeLessThan(60)

    const low = await fetchImage(image().width(300).format('jpg').quality(10).url())
    const high = await fetchImage(image().width(300).format('jpg').quality(95).url())
    expect(low.data.length).toBeLessThan(high.data.length)

    expect(readdirSync(join(t.dataDir, 'lake', 'test', 'cache')).length).toBeGreaterThanOrEqual(6)
  })

  it('auto=format picks the best format the browser accepts', async () => {
    const asset = await t.client.assets.upload('image', png)
    const url = builder().image(asset._id).width(120).auto('format').url()
    const avif = await fetchImage(url, {Accept: 'image/avif,image/webp,*/*'})
    expect(avif.response.headers.get('content-type')).toBe('image/avif')
    expect(avif.response.headers.get('vary')).toContain('Accept')
    const webp = await fetchImage(url, {Accept: 'image/webp,*/*'})
    expect(webp.meta.format).toBe('webp')
    const plain = await fetchImage(url, {Accept: '*/*'})
    expect(plain.meta.format).toBe('png')
  })

  it(
    'serves SVG as is, and rasterizes it at the ' + 'requested size when a format is asked for',
    async () => {
      const asset = await t.client.assets.upload('image', Buffer.from(SVG), {filename: 'logo.svg'})
      expect(asset._id).toMatch(/-200x100-svg$/)
      const original = await fetch(builder().image(asset._id).width(50).url())
      expect(original.headers.get('content-type')).toBe('image/svg+xml')
      expect(await original.text()).toBe(SVG)

      const hero = await fetchImage(builder().image(asset._id).width(800).format('webp').url())
      expect(hero.meta).toMatchObject({format: 'webp', width: 800, height: 400})
      const natural = await fetchImage(builder().image(asset._id).format('png').url())
      expect(natural.meta).toMatchObject({format: 'png', width: 200, height: 100})
    },
  )

  it('takes SVG dimensions from the viewBox when width and height are missing', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 ' +
      '0 640 480"><circle cx="10" cy="10" r="5"/></svg>'
    const asset = await t.client.assets.upload('image', Buffer.from(svg))
    expect(asset.metadata.dimensions).toMatchObject({width: 640, height: 480})
  })

  it("scales a rendition over 4096 px a side or 12 MP down, and the site's as asked", async () => {
    const photo = await t.client.assets.upload('image', png)
    const huge = await fetchImage(`${photo.url}?w=8192&h=8192&fit=crop&fm=jpg&q=100`)
    expect(huge.meta.width).toBe(huge.meta.height)
    expect(huge.meta.width! * huge.meta.height!).toBeLessThanOrEqual(12_000_000)
    expect(huge.meta.width).toBeGreaterThan(3400)
    const vector = await t.client.assets.upload('image', Buffer.from(SVG), {filename: 'wide.svg'})
    const wide = await fetchImage(`${vector.url}?w=8192&fm=png`)
    expect(wide.meta).toMatchObject({width: 4096, height: 2048})

    // The site's widest rendition (src/lib/images.ts: 3840 px, twice a 1920 px banner) and
    // its sharing picture come out at exactly the size they name.
    const banner = await fetchImage(builder().image(vector._id).width(3840).format('webp').url())
    expect(banner.meta).toMatchObject({width: 3840, height: 1920})
    const sharing = builder().image(vector._id).width(1200).height(630).fit('crop')
    expect((await fetchImage(sharing.format('jpg').url())).meta).toMatchObject({
      width: 1200,
      height: 630,
    })
    // A 12 MP JPEG at quality 100 takes seconds, and 20–25 s at a load average of 35 on two
    // cores (npm run bench -- lake): the timeout is for a hang.
  }, 120_000)

  it('refuses bad image requests with 4xx', async () => {
    const asset = await t.client.assets.upload('image', png)
    expect((await fetch(`${asset.url}?w=abc`)).status).toBe(400)
    expect((await fetch(`${asset.url}?fm=bmp`)).status).toBe(400)
    expect((await fetch(asset.url.replace(/[0-9a-f]{40}/, '0'.repeat(40)))).status).toBe(404)
    expect((await fetch(asset.url.replace(TEST_PROJECT_ID, 'otherproject'))).status).toBe(404)
  })

  it('refuses uploads without the token and bytes that are no image', async () => {
    const anonymous = await t.anonymous.assets.upload('image', png).catch((e: unknown) => e)
    expect((anonymous as ClientError).statusCode).toBe(401)
    const garbage = await t.client.assets
      .upload('image', Buffer.from('not an image'))
      .catch((e: unknown) => e)
    expect((garbage as ClientError).statusCode).toBe(400)
  })
})

describe('file assets', () => {
  it(
    'upload creates a sanity.fileAsset served ' + 'at /files/{projectId}/{dataset}/{sha1}.{ext}',
    async () => {
      const pdf = Buffer.from('%PDF-1.4\n% 분양 안내서\n%%EOF\n')
      const asset = await t.client.assets.upload('file', pdf, {filename: 'brochure.pdf'})
      expect(asset._id).toBe(`file-${asset.sha1hash}-pdf`)
      expect(asset.url).toBe(`${t.lake.url}/files/${TEST_PROJECT_ID}/test/${asset.sha1hash}.pdf`)
      const response = await fetch(asset.url)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true)
    },
  )
})

describe('video and caption files', () => {
  const video = Buffer.from(Array.from({length: 1000}, (_, i) => i % 256))

  it(
    'serves byte ranges as 206 with Content-Range, the ' +
      'whole file as 200, and a range past the end as 416',
    async () => {
      const asset = await t.client.assets.upload('file', video, {filename: 'brand.webm'})
      expect(asset).toMatchObject({extension: 'webm', mimeType: 'video/webm'})
      const whole = await fetch(asset.url)
      expect(whole.status).toBe(200)
      expect(whole.headers.get('accept-ranges')).toBe('bytes')
      expect(whole.headers.get('content-type')).toBe('video/webm')
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true)

      const first = await fetch(asset.url, {headers: {Range: 'bytes=0-99'}})
      expect(first.status).toBe(206)
      expect(first.headers.get('content-range')).toBe('bytes 0-99/1000')
      expect(first.headers.get('content-length')).toBe('100')
      expect(Buffer.from(await first.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true)

      const open = await fetch(asset.url, {headers: {Range: 'bytes=990-'}})
      expect(open.headers.get('content-range')).toBe('bytes 990-999/1000')
      expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(990))).toBe(true)

      const suffix = await fetch(asset.url, {headers: {Range: 'bytes=-10'}})
      expect(suffix.status).toBe(206)
      expect(Buffer.from(await suffix.arrayBuffer()).equals(video.subarray(990))).toBe(true)

      const clamped = await fetch(asset.url, {headers: {Range: 'bytes=500-5000'}})
      expect(clamped.headers.get('content-range')).toBe('bytes 500-999/1000')

      const past = await fetch(asset.url, {headers: {Range: 'bytes=1000-'}})
      expect(past.status).toBe(416)
      expect(past.headers.get('content-range')).toBe('bytes */1000')

      const stale = await fetch(asset.url, {headers: {Range: 'bytes=0-9', 'If-Range': '"another"'}})
      expect(stale.status).toBe(200)
      const head = await fetch(asset.url, {method: 'HEAD', headers: {Range: 'bytes=0-9'}})
      expect(head.status).toBe(206)
      expect(head.headers.get('content-length')).toBe('10')
    },
  )

  it(
    'gives MP4, WebVTT and WebM their content ' + 'types, and captions to the site origin by CORS',
    async () => {
      const mp4 = await t.client.assets.upload('file', Buffer.from('mp4 bytes'), {
        filename: 'guide.mp4',
      })
      expect((await fetch(mp4.url)).headers.get('content-type')).toBe('video/mp4')
      const captions = await t.client.assets.upload(
        'file',
        Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\n호수공원\n'),
        {filename: 'guide.ko.vtt'},
      )
      expect(captions.mimeType).toBe('text/vtt; charset=utf-8')
      const track = await fetch(captions.url, {headers: {Origin: TEST_ORIGIN}})
      expect(track.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
      expect(track.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
      expect(await track.text()).toContain('호수공원')
    },
  )
})
