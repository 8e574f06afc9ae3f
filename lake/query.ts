import {evaluate, GroqSyntaxError, parse, type ExprNode} from 'groq-js'
import {badRequest, LakeError} from './errors.ts'
import type {SanityDocument} from './documents.ts'

/** The documents one request may see, with the per-type lists the evaluator can use. */
export interface DatasetView {
  docs: SanityDocument[]
  byType(type: string): SanityDocument[]
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

export async function runQuery(tree: ExprNode, params: Record<string, unknown>, view: DatasetView): Promise<unknown> {
  try {
    const value = await evaluate(narrowTypeFilters(tree, params, view), {dataset: view.docs, params})
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

/**
 * `*[_type == "x" && …]` only ever keeps documents of type x, so that filter may start from
 * the type's own list instead of the whole dataset. Other `*` and `->` in the query still
 * see every document, which keeps the rewrite exact.
 */
function narrowTypeFilters(node: ExprNode, params: Record<string, unknown>, view: DatasetView): ExprNode {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (typeof value !== 'object' || value === null) return value
    const record = value as Record<string, unknown>
    if (record.type === 'Value') return record
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(record)) out[key] = rewrite(child)
    if (out.type === 'Filter' && (out.base as ExprNode).type === 'Everything') {
      const type = leadingTypeCondition(out.expr as ExprNode, params)
      if (type !== undefined) out.base = {type: 'Value', value: view.byType(type)}
    }
    return out
  }
  return rewrite(node) as ExprNode
}

function leadingTypeCondition(expr: ExprNode, params: Record<string, unknown>): string | undefined {
  if (expr.type === 'And') return leadingTypeCondition(expr.left, params)
  if (expr.type !== 'OpCall' || expr.op !== '==') return undefined
  const isTypeField = (n: ExprNode) => n.type === 'AccessAttribute' && n.name === '_type' && n.base === undefined
  const literal = (n: ExprNode): string | undefined => {
    if (n.type === 'Value' && typeof n.value === 'string') return n.value
    if (n.type === 'Parameter' && typeof params[n.name] === 'string') return params[n.name] as string
    return undefined
  }
  if (isTypeField(expr.left)) return literal(expr.right)
  if (isTypeField(expr.right)) return literal(expr.left)
  return undefined
}
