import type {ExprNode} from 'groq-js'
import type {SanityDocument} from './documents.ts'
import {makeView} from './dataset-views.ts'
import type {DatasetView} from './query-plan.ts'
import {runQuery, type RunOptions} from './query.ts'

/** Sanity's Content Source Map: where each string of a query's result was read from. */
export interface ContentSourceMap {
  documents: Array<{_id: string; _type: string}>
  paths: string[]
  mappings: Record<
    string,
    {type: 'value'; source: {type: 'documentValue'; document: number; path: number}}
  >
}

// Fields that identify or link rather than say something; never traced.
const SYSTEM_FIELDS = new Set([
  '_id',
  '_type',
  '_ref',
  '_key',
  '_rev',
  '_originalId',
  '_createdAt',
  '_updatedAt',
  '_weak',
  '_strengthenOnPublish',
])
// Functions that hand one of their arguments through unchanged.
const PASS_THROUGH = new Set(['coalesce'])

// A traced string ends in a marker: a start, the source's number in private-use digits, an end.
const START = '\uE000'
const END = '\uE001'
const DIGIT_BASE = 0xe100
const DIGITS = 2048
const MARKER = /\uE000([\uE100-\uE8FF]+)\uE001$/

type Segment = string | number | {_key: string}

/**
 * Runs a query and finds where each string of its result came from, as Sanity's API does
 * for `resultSourceMap`: the query runs a second time over a copy of the documents in
 * which every string carries an invisible marker naming its document and path, and a
 * string of that result that still ends in its marker was passed through unchanged. A
 * field the query compares, orders, filters or computes with keeps its value in the copy,
 * so the second run selects exactly what the first did; strings built from other strings
 * (concatenations, functions) are left unmapped, as is anything not from a document.
 */
export async function runQueryWithSourceMap(
  tree: ExprNode,
  params: Record<string, unknown>,
  view: DatasetView,
  options: RunOptions,
): Promise<{result: unknown; sourceMap: ContentSourceMap}> {
  const result = await runQuery(tree, params, view, options)
  const sources: Array<{doc: SanityDocument; path: Segment[]}> = []
  const untraced = new Set([...SYSTEM_FIELDS, ...computedFields(tree)])
  const traced = view.docs.map((doc) =>
    mark(doc, [], untraced, (path) => sources.push({doc, path}) - 1),
  )
  const markedResult = await runQuery(tree, params, makeView(traced as SanityDocument[]), {
    sanity: options.sanity,
  })
  return {result, sourceMap: sourceMapOf(markedResult, sources)}
}

/** The attribute names a query uses anywhere but as a value handed through to its result. */
export function computedFields(tree: ExprNode): Set<string> {
  const names = new Set<string>()
  const walk = (node: unknown, computed: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, computed)
      return
    }
    if (typeof node !== 'object' || node === null) return
    const n = node as Record<string, unknown> & {type?: string}
    switch (n.type) {
      case 'AccessAttribute':
        if (computed && typeof n.name === 'string') names.add(n.name)
        return walk(n.base, computed)
      case 'Filter':
        walk(n.base, computed)
        return walk(n.expr, true)
      case 'PipeFuncCall':
        walk(n.base, computed)
        return walk(n.args, true)
      case 'FuncCall':
        return walk(n.args, computed || !PASS_THROUGH.has(String(n.name)))
      case 'Select':
        for (const alternative of (n.alternatives as Array<{condition: unknown; value: unknown}>) ??
          []) {
          walk(alternative.condition, true)
          walk(alternative.value, computed)
        }
        return walk(n.fallback, computed)
      case 'ObjectConditionalSplat':
        walk(n.condition, true)
        return walk(n.value, computed)
      case 'OpCall':
      case 'And':
      case 'Or':
      case 'Not':
      case 'Neg':
      case 'Pos':
      case 'InRange':
      case 'Asc':
      case 'Desc':
        for (const [key, value] of Object.entries(n)) if (key !== 'type') walk(value, true)
        return
      case 'Value':
        return
      default:
        for (const [key, value] of Object.entries(n)) if (key !== 'type') walk(value, computed)
    }
  }
  walk(tree, false)
  return names
}

function mark(
  value: unknown,
  path: Segment[],
  untraced: Set<string>,
  source: (path: Segment[]) => number,
): unknown {
  if (typeof value === 'string') return `${value}${marker(source(path))}`
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      const key = (item as {_key?: unknown} | null)?._key
      return mark(
        item,
        [...path, typeof key === 'string' && key !== '' ? {_key: key} : index],
        untraced,
        source,
      )
    })
  }
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value))
    out[key] = untraced.has(key) ? field : mark(field, [...path, key], untraced, source)
  return out
}

function marker(id: number): string {
  let digits = ''
  do {
    digits = String.fromCharCode(DIGIT_BASE + (id % DIGITS)) + digits
    id = Math.floor(id / DIGITS)
  } while (id > 0)
  return `${START}${digits}${END}`
}

function markerId(text: string): number | undefined {
  const found = MARKER.exec(text)
  // A marker inside the string means it was built from several: not one source.
  if (!found?.[1] || text.indexOf(START) !== found.index) return undefined
  let id = 0
  for (const char of found[1]) id = id * DIGITS + (char.charCodeAt(0) - DIGIT_BASE)
  return id
}

function sourceMapOf(
  markedResult: unknown,
  sources: Array<{doc: SanityDocument; path: Segment[]}>,
): ContentSourceMap {
  const map: ContentSourceMap = {documents: [], paths: [], mappings: {}}
  const documentIndex = new Map<string, number>()
  const pathIndex = new Map<string, number>()
  const indexOf = <T>(index: Map<string, number>, list: T[], key: string, item: T) => {
    let found = index.get(key)
    if (found === undefined) {
      found = list.push(item) - 1
      index.set(key, found)
    }
    return found
  }
  const visit = (value: unknown, path: Segment[]): void => {
    if (typeof value === 'string') {
      const id = markerId(value)
      const source = id === undefined ? undefined : sources[id]
      if (!source) return
      const docId =
        typeof source.doc._originalId === 'string' ? source.doc._originalId : source.doc._id
      const document = indexOf(documentIndex, map.documents, docId, {
        _id: docId,
        _type: source.doc._type,
      })
      const sourcePath = jsonPath(source.path)
      map.mappings[jsonPath(path)] = {
        type: 'value',
        source: {
          type: 'documentValue',
          document,
          path: indexOf(pathIndex, map.paths, sourcePath, sourcePath),
        },
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]))
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) visit(field, [...path, key])
    }
  }
  visit(markedResult, [])
  return map
}

const quote = (text: string) => text.replace(/[\\']/g, (char) => `\\${char}`)

/** A path as Content Source Maps write it: `$['a'][0][?(@._key=='k')]['b']`. */
export function jsonPath(path: Segment[]): string {
  const segments = path.map((segment) =>
    typeof segment === 'number'
      ? `[${segment}]`
      : typeof segment === 'string'
        ? `['${quote(segment)}']`
        : `[?(@._key=='${quote(segment._key)}')]`,
  )
  return `$${segments.join('')}`
}
