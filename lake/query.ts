import {evaluate, GroqSyntaxError, parse, type ExprNode} from 'groq-js'
import {badRequest, LakeError} from './errors.ts'
import {planQuery, type DatasetView} from './query-plan.ts'

/** The GROQ parameters of a GET request: every `$name=<JSON>` of the URL. */
export function urlParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, raw] of url.searchParams) {
    if (!key.startsWith('$')) continue
    try {
      params[key.slice(1)] = JSON.parse(raw)
    } catch {
      throw badRequest(`Invalid JSON in query parameter ${key}`)
    }
  }
  return params
}

export function parseQuery(query: string, params: Record<string, unknown>): ExprNode {
  let tree: ExprNode
  try {
    tree = parse(query, {params})
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      throw new LakeError(400, 'queryParseError', error.message, {query, start: error.position, end: error.position + 1})
    }
    throw new LakeError(400, 'queryParseError', (error as Error).message, {query})
  }
  // groq-js quietly reads a missing parameter as null, which turns a typo into an empty
  // result; Sanity refuses the query, and so do we.
  for (const name of parameterNames(tree)) {
    if (!(name in params)) {
      throw new LakeError(400, 'queryParseError', `param $${name} referenced, but not provided`, {query})
    }
  }
  return tree
}

/** `sanity` feeds `sanity::projectId()` and `sanity::dataset()`. */
export async function runQuery(
  tree: ExprNode,
  params: Record<string, unknown>,
  view: DatasetView,
  sanity?: {projectId: string; dataset: string},
): Promise<unknown> {
  try {
    const value = await evaluate(planQuery(tree, params, view), {dataset: view.docs, params, sanity})
    return await value.get()
  } catch (error) {
    if (error instanceof LakeError) throw error
    throw badRequest(`Query failed: ${(error as Error).message}`)
  }
}

function parameterNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) parameterNames(item, names)
  } else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>
    if (record.type === 'Parameter' && typeof record.name === 'string') names.add(record.name)
    for (const [key, value] of Object.entries(record)) {
      // A Value node holds data, not syntax.
      if (!(record.type === 'Value' && key === 'value')) parameterNames(value, names)
    }
  }
  return names
}
