import {copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {basename, join} from 'node:path'
import {create as createTar} from 'tar'
import {assetFile} from './assets.ts'
import {DatasetStore} from './dataset-store.ts'
import type {SanityDocument} from './documents.ts'

const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset'])
const ASSET_METADATA = ['originalFilename', 'label', 'title', 'description', 'creditLine']

/**
 * Writes a dataset as the tarball `sanity dataset import` takes: `<dataset>-export/` with
 * `data.ndjson` (asset references back in `_sanityAsset` form, asset documents left out
 * because the import recreates them), `images/`, `files/` and `assets.json` (original file
 * names). Reads what is on disk, so it works whether or not the lake is running.
 */
export async function exportDataset(options: {
  dataDir: string
  dataset: string
  out: string
}): Promise<{documents: number; assets: number}> {
  const datasetDir = join(options.dataDir, 'lake', options.dataset)
  if (!existsSync(datasetDir))
    throw new Error(`No stored dataset "${options.dataset}" in ${datasetDir}`)
  const store = DatasetStore.read(datasetDir)
  const staging = mkdtempSync(join(tmpdir(), 'lake-export-'))
  const folder = `${options.dataset}-export`
  const root = join(staging, folder)
  try {
    mkdirSync(join(root, 'images'), {recursive: true})
    mkdirSync(join(root, 'files'), {recursive: true})
    const assets = new Map<string, SanityDocument>()
    for (const doc of store.all()) if (ASSET_TYPES.has(doc._type)) assets.set(doc._id, doc)

    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite)
      if (typeof value !== 'object' || value === null) return value
      const record = value as Record<string, unknown>
      const ref = (record.asset as {_ref?: unknown} | undefined)?._ref
      const asset = typeof ref === 'string' ? assets.get(ref) : undefined
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(record)) {
        if (asset && key === 'asset') {
          const kind = asset._type === 'sanity.imageAsset' ? 'image' : 'file'
          out._sanityAsset = `${kind}@file://./${kind}s/${basename(String(asset.path))}`
        } else {
          out[key] = rewrite(child)
        }
      }
      return out
    }

    const lines: string[] = []
    for (const doc of store.all()) {
      if (ASSET_TYPES.has(doc._type)) continue
      lines.push(JSON.stringify(rewrite(doc)))
    }
    writeFileSync(join(root, 'data.ndjson'), lines.length > 0 ? `${lines.join('\n')}\n` : '')

    const metadata: Record<string, Record<string, unknown>> = {}
    for (const asset of assets.values()) {
      const kind = asset._type === 'sanity.imageAsset' ? 'image' : 'file'
      const fileName = basename(String(asset.path))
      const source = assetFile(datasetDir, kind, fileName)
      if (!existsSync(source)) continue
      copyFileSync(source, join(root, `${kind}s`, fileName))
      metadata[`${kind}-${String(asset.sha1hash)}`] = Object.fromEntries(
        ASSET_METADATA.filter((key) => asset[key] !== undefined).map((key) => [key, asset[key]]),
      )
    }
    writeFileSync(join(root, 'assets.json'), `${JSON.stringify(metadata, null, 2)}\n`)
    await createTar({gzip: true, file: options.out, cwd: staging, portable: true}, [folder])
    return {documents: lines.length, assets: assets.size}
  } finally {
    rmSync(staging, {recursive: true, force: true})
  }
}
