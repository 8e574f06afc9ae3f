import {
  copyFileSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {sanityImport} from '@sanity/import'
import sharp from 'sharp'
import {extract} from 'tar'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {exportDataset} from './export-dataset.ts'
import {startTestLake, TEST_TOKEN, type TestLake} from './test-lake.ts'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" ' +
  'height="60"><rect width="120" height="60" fill="#036"/></svg>'
const PDF = Buffer.from('%PDF-1.4\n% 입주 안내\n%%EOF\n')

let contentDir: string
let scratch: string
let t: TestLake
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lake-seed-'))
  contentDir = join(scratch, 'content')
  mkdirSync(join(contentDir, 'images'), {recursive: true})
  mkdirSync(join(contentDir, 'files'), {recursive: true})
  writeFileSync(join(contentDir, 'images', 'logo.svg'), SVG)
  await sharp({create: {width: 64, height: 48, channels: 3, background: '#888'}})
    .jpeg()
    .toFile(join(contentDir, 'images', 'photo.jpg'))
  writeFileSync(join(contentDir, 'files', 'guide.pdf'), PDF)
  const docs = [
    {
      _id: 'siteSettings',
      _type: 'siteSettings',
      brandName: '레이크뷰',
      logo: {
        _type: 'imageWithAlt',
        alt: '레이크뷰 로고',
        _sanityAsset: 'image@file://./images/logo.svg',
      },
    },
    {
      _id: 'gallery',
      _type: 'gallery',
      images: [
        {
          _key: 'a',
          _type: 'imageWithAlt',
          alt: '외관',
          _sanityAsset: 'image@file://./images/photo.jpg',
        },
        {
          _key: 'b',
          _type: 'imageWithAlt',
          alt: '로고 다시',
          _sanityAsset: 'image@file://./images/logo.svg',
        },
      ],
      guide: {_type: 'file', _sanityAsset: 'file@file://./files/guide.pdf'},
    },
    {_id: 'site-a', _type: 'site', name: '가 단지', _createdAt: '2024-05-01T00:00:00Z'},
    {_id: 'drafts.site-a', _type: 'site', name: '가 단지 (수정 중)'},
  ]
  writeFileSync(
    join(contentDir, 'production.ndjson'),
    `${docs.map((doc) => JSON.stringify(doc)).join('\n')}\n`,
  )
  t = await startTestLake({contentDir, dataset: 'production'})
})
afterAll(async () => {
  await t.stop()
  rmSync(scratch, {recursive: true, force: true})
})

describe('seeding from content/ in Sanity import format', () => {
  it('turns _sanityAsset into asset documents and references', async () => {
    const settings = await t.anonymous.fetch(
      '*[_id == "siteSettings"][0]{brandName, logo{_type, alt, _sanityAsset, ' +
        'asset->{_id, _type, url, path, mimeType, extension, originalFilename, metadata}}}',
    )
    expect(settings.brandName).toBe('레이크뷰')
    expect(settings.logo._sanityAsset).toBeNull()
    expect(settings.logo).toMatchObject({
      _type: 'imageWithAlt',
      alt: '레이크뷰 로고',
      asset: {
        _type: 'sanity.imageAsset',
        mimeType: 'image/svg+xml',
        extension: 'svg',
        originalFilename: 'logo.svg',
        metadata: {dimensions: {width: 120, height: 60, aspectRatio: 2}},
      },
    })
    expect(settings.logo.asset._id).toMatch(/^image-[0-9a-f]{40}-120x60-svg$/)
    expect(settings.logo.asset.url).toBe(`${t.lake.url}/${settings.logo.asset.path}`)
    expect(await (await fetch(settings.logo.asset.url)).text()).toBe(SVG)
  })

  it('imports raster images, the same file once, and files', async () => {
    const gallery = await t.anonymous.fetch(
      '*[_id == "gallery"][0]{images[]{alt, "ref": asset._ref, "dims": ' +
        'asset->metadata.dimensions}, guide{asset->{url, mimeType}}}',
    )
    expect(gallery.images[0].ref).toMatch(/^image-[0-9a-f]{40}-64x48-jpg$/)
    expect(gallery.images[0].dims).toMatchObject({width: 64, height: 48})
    expect(await t.anonymous.fetch('count(*[_type == "sanity.imageAsset"])')).toBe(2)
    expect(gallery.guide.asset.mimeType).toBe('application/pdf')
    expect(
      Buffer.from(await (await fetch(gallery.guide.asset.url)).arrayBuffer()).equals(PDF),
    ).toBe(true)
  })

  it('keeps given _createdAt, stamps the rest, and imports drafts', async () => {
    const site = await t.client.getDocument('site-a')
    expect(site?._createdAt).toBe('2024-05-01T00:00:00Z')
    expect(site?._rev).toBeTruthy()
    expect((await t.client.getDocument('drafts.site-a'))?.name).toBe('가 단지 (수정 중)')
  })

  it('does not seed again over stored data', async () => {
    await t.client.patch('site-a').set({name: '바뀐 이름'}).commit()
    await t.restart()
    expect((await t.anonymous.getDocument('site-a'))?.name).toBe('바뀐 이름')
    expect(t.logs.filter((line) => line.startsWith('Seeded dataset')).length).toBe(1)
  })
})

describe('export', () => {
  it(
    'writes a tarball that seeds an equal dataset ' + 'and that `sanity dataset import` takes',
    async () => {
      const out = join(scratch, 'export.tar.gz')
      const summary = await exportDataset({dataDir: t.dataDir, dataset: 'production', out})
      expect(summary).toEqual({documents: 4, assets: 3})
      const unpacked = join(scratch, 'unpacked')
      mkdirSync(unpacked)
      await extract({file: out, cwd: unpacked})
      const root = join(unpacked, 'production-export')
      expect(readdirSync(join(root, 'images')).length).toBe(2)
      expect(readdirSync(join(root, 'files'))).toHaveLength(1)
      const lines = readFileSync(join(root, 'data.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
      const settings = lines.find((doc) => doc._id === 'siteSettings')
      expect(settings.logo).toEqual({
        _type: 'imageWithAlt',
        alt: '레이크뷰 로고',
        _sanityAsset: expect.stringMatching(
          /^image@file:\/\/\.\/images\/[0-9a-f]{40}-120x60\.svg$/,
        ),
      })
      expect(lines.some((doc) => String(doc._type).startsWith('sanity.'))).toBe(false)
      expect(JSON.parse(readFileSync(join(root, 'assets.json'), 'utf8'))).toMatchObject({
        [`image-${settings.logo._sanityAsset.match(/[0-9a-f]{40}/)[0]}`]: {
          originalFilename: 'logo.svg',
        },
      })

      // Seeding a fresh lake from the export gives back the same content.
      copyFileSync(join(root, 'data.ndjson'), join(root, 'copy.ndjson'))
      const copy = await startTestLake({contentDir: root, dataset: 'copy'})
      try {
        const query =
          '*[!(_type match "sanity.*")] | order(_id) {_id, brandName, name, logo{alt, ' +
          '"dims": asset->metadata.dimensions}, guide{"mime": asset->mimeType}}'
        const raw = {perspective: 'raw' as const, token: TEST_TOKEN}
        expect(await copy.clientFor(raw).fetch(query)).toEqual(await t.clientFor(raw).fetch(query))

        // And the import tool of the Sanity CLI takes the tarball as it is.
        const imported = copy.clientFor({dataset: 'imported', token: TEST_TOKEN})
        await sanityImport(createReadStream(out), {client: imported, operation: 'create'})
        expect(await copy.clientFor({dataset: 'imported', ...raw}).fetch(query)).toEqual(
          await t.clientFor(raw).fetch(query),
        )
        expect(
          await imported.fetch(
            '*[_type == "sanity.imageAsset"] | order(originalFilename).originalFilename',
          ),
        ).toEqual(['logo.svg', 'photo.jpg'])
      } finally {
        await copy.stop()
      }
    },
    // Two lakes started and `sanity dataset import` run take seconds, and a minute on a busy
    // machine: the timeout is for a hang.
    120_000,
  )
})
