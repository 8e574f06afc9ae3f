import {existsSync, readFileSync} from 'node:fs'
import {basename, isAbsolute, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {ingestAsset, type AssetDocument, type AssetKind} from './assets.ts'
import type {DatasetStore} from './dataset-store.ts'
import {isValidDocumentId, randomId, type SanityDocument} from './documents.ts'

export interface SeedTarget {
  store: DatasetStore
  datasetDir: string
  projectId: string
  dataset: string
}

/**
 * Imports `<contentDir>/<dataset>.ndjson` in the format `sanity dataset import` takes:
 * every `{"_sanityAsset": "image@file://./images/x.svg", ...}` becomes an asset document
 * plus `{"asset": {"_type": "reference", "_ref": "image-…"}, ...}`. Paths are relative to
 * the content directory. Returns how many documents were stored, or undefined when there
 * is no seed file for the dataset.
 */
export async function seedDataset(
  target: SeedTarget,
  contentDir: string,
): Promise<number | undefined> {
  const source = join(contentDir, `${target.dataset}.ndjson`)
  if (!existsSync(source)) return undefined
  const now = new Date().toISOString()
  const rev = randomId()
  const docs = new Map<string, SanityDocument>()
  const assets = new Map<string, AssetDocument>()

  const importAsset = async (reference: string, where: string): Promise<string> => {
    const match = /^(image|file)@(.+)$/.exec(reference)
    if (!match?.[2]?.startsWith('file://'))
      throw new Error(
        `${where}: unsupported _sanityAsset "${reference}` +
          '" (expected image@file://… or file@file://…)',
      )
    const kind = match[1] as AssetKind
    const url = match[2]
    const location = url.startsWith('file:///') ? fileURLToPath(url) : url.slice('file://'.length)
    const file = isAbsolute(location) ? location : resolve(contentDir, location)
    if (!existsSync(file)) throw new Error(`${where}: asset file not found: ${file}`)
    const key = `${kind}:${file}`
    let asset = assets.get(key)
    if (!asset) {
      asset = await ingestAsset(target.datasetDir, target.projectId, target.dataset, {
        kind,
        data: readFileSync(file),
        originalFilename: basename(file),
      })
      assets.set(key, asset)
    }
    return asset._id
  }

  const rewrite = async (value: unknown, where: string): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map((item) => rewrite(item, where)))
    if (typeof value !== 'object' || value === null) return value
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      if (key === '_sanityAsset') {
        if (typeof child !== 'string') throw new Error(`${where}: _sanityAsset must be a string`)
        out.asset = {_type: 'reference', _ref: await importAsset(child, where)}
      } else {
        out[key] = await rewrite(child, where)
      }
    }
    return out
  }

  const lines = readFileSync(source, 'utf8').split('\n')
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    const where = `${source}:${index + 1}`
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (error) {
      throw new Error(`${where}: invalid JSON (${(error as Error).message})`)
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`${where}: a document must be an object`)
    const doc = (await rewrite(parsed, where)) as Record<string, unknown>
    if (typeof doc._type !== 'string' || doc._type === '')
      throw new Error(`${where}: _type is required`)
    const id = doc._id ?? randomId()
    if (typeof id !== 'string' || !isValidDocumentId(id))
      throw new Error(`${where}: invalid _id ${JSON.stringify(id)}`)
    if (docs.has(id)) throw new Error(`${where}: duplicate _id "${id}"`)
    docs.set(id, stamp({...doc, _id: id}, now, rev))
  }
  for (const asset of assets.values()) docs.set(asset._id, stamp(asset, now, rev))
  await target.store.importAll([...docs.values()])
  return docs.size
}

function stamp(doc: Record<string, unknown>, now: string, rev: string): SanityDocument {
  return {
    ...doc,
    _createdAt: typeof doc._createdAt === 'string' ? doc._createdAt : now,
    _updatedAt: typeof doc._updatedAt === 'string' ? doc._updatedAt : now,
    _rev: rev,
  } as SanityDocument
}
