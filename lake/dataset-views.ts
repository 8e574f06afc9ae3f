import {DRAFTS_PREFIX, hasPath, isDraftId, type SanityDocument} from './documents.ts'
import {primitiveAt, type DatasetView} from './query-plan.ts'

export type Perspective = 'published' | 'drafts' | 'raw'

/**
 * What each kind of reader sees of one dataset's documents, built on first use and
 * dropped when the documents change. The lake's query workers keep one per dataset over
 * their own copy of the documents.
 */
export class DatasetViews {
  private readonly views = new Map<string, DatasetView>()

  constructor(private readonly docs: ReadonlyMap<string, SanityDocument>) {}

  /** Anonymous readers only see published ids without a path. */
  view(perspective: Perspective, authorized: boolean): DatasetView {
    const key = `${perspective}:${authorized}`
    let view = this.views.get(key)
    if (!view) {
      view = makeView(this.visibleDocs(perspective, authorized))
      this.views.set(key, view)
    }
    return view
  }

  /** Call after every change to the documents. */
  changed(): void {
    this.views.clear()
  }

  private visibleDocs(perspective: Perspective, authorized: boolean): SanityDocument[] {
    const all = [...this.docs.values()]
    if (perspective === 'raw') return all
    if (perspective === 'published') {
      return all.filter((doc) =>
        authorized ? !isDraftId(doc._id) && !doc._id.startsWith('versions.') : !hasPath(doc._id),
      )
    }
    const out: SanityDocument[] = []
    for (const doc of all) {
      if (doc._id.startsWith('versions.')) continue
      if (isDraftId(doc._id)) {
        out.push({...doc, _id: doc._id.slice(DRAFTS_PREFIX.length), _originalId: doc._id})
      } else if (!this.docs.has(`${DRAFTS_PREFIX}${doc._id}`)) {
        out.push(doc)
      }
    }
    return out
  }
}

/** A view over a fixed list of documents, with equality indexes built on first use. */
export function makeView(docs: SanityDocument[]): DatasetView {
  const indexes = new Map<string, Map<unknown, SanityDocument[]>>()
  return {
    docs,
    index(path) {
      const key = JSON.stringify(path)
      let index = indexes.get(key)
      if (!index) {
        index = new Map()
        for (const doc of docs) {
          const value = primitiveAt(doc, path)
          if (value === null || typeof value === 'object') continue
          const list = index.get(value)
          if (list) list.push(doc)
          else index.set(value, [doc])
        }
        indexes.set(key, index)
      }
      return index
    },
  }
}
