import type {ExprNode} from 'groq-js'
import type {SanityDocument} from './documents.ts'

/** The documents one request may see, with lazily built equality indexes over them. */
export interface DatasetView {
  docs: SanityDocument[]
  /**
   * Documents by the primitive value at an attribute path (`_type`, `site._ref`), in `docs` order.
   */
  index(path: string[]): Map<unknown, SanityDocument[]>
}

type Params = Record<string, unknown>
type Node = Record<string, unknown> & {type: string}
/** A condition's value as GROQ would compute it, or UNKNOWN where this planner does not know. */
const UNKNOWN = Symbol('unknown')
type Truth = true | false | null | typeof UNKNOWN

/**
 * Shrinks what groq-js has to scan without changing any result. For each `*[filter]`:
 * - top-level `path == value` conditions pick the documents from an equality index
 *   (the smallest such list);
 * - the filter is pre-evaluated in plain JS for the conditions this planner understands
 *   exactly (==, !=, <, <=, >, >=, &&, ||, ! on attribute paths and literal values), and
 *   documents for which it is certainly not true are dropped;
 * - when every remaining document certainly matches and the filter is followed by
 *   `| order(attribute paths)[a...b]`, only the first b documents in that order are kept,
 *   sorted with groq-js's own ordering rules (type rank, then value, then input order).
 * groq-js still evaluates the whole query over what is left, so anything the planner
 * does not understand is simply left to it.
 */
export function planQuery(tree: ExprNode, params: Params, view: DatasetView): ExprNode {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (typeof value !== 'object' || value === null) return value
    const node = value as Node
    if (node.type === 'Value') return node
    const slice = node.type === 'Slice' ? orderedSlice(node) : undefined
    if (slice) {
      const {order, filter, keys, limit} = slice
      return {
        ...node,
        base: {
          ...order,
          base: {...filter, expr: rewrite(filter.expr), base: narrow(filter, {keys, limit})},
          args: rewrite(order.args),
        },
      }
    }
    const out: Node = {type: node.type}
    for (const [key, child] of Object.entries(node)) out[key] = rewrite(child)
    if (node.type === 'Filter' && isEverything(node.base)) out.base = narrow(node, undefined)
    return out
  }

  const narrow = (
    filter: Node,
    ordered: {keys: Array<{path: string[]; desc: boolean}>; limit: number} | undefined,
  ): Node => {
    const expr = filter.expr as Node
    let candidates = view.docs
    for (const condition of conjuncts(expr)) {
      const equality = indexableEquality(condition, params)
      if (!equality) continue
      const list = view.index(equality.path).get(equality.value) ?? []
      if (list.length < candidates.length) candidates = list
    }
    const condition = compile(expr, params)
    let allTrue = true
    const survivors = candidates.filter((doc) => {
      const truth = condition(doc)
      if (truth === UNKNOWN) allTrue = false
      return truth === true || truth === UNKNOWN
    })
    if (!ordered || !allTrue || survivors.length <= ordered.limit)
      return {type: 'Value', value: survivors}
    const rows = survivors.map((doc, index) => ({
      doc,
      index,
      keys: ordered.keys.map((key) => primitiveAt(doc, key.path)),
    }))
    const directions = ordered.keys.map((key) => (key.desc ? -1 : 1))
    rows.sort((a, b) => {
      for (let i = 0; i < directions.length; i++) {
        const c = totalCompare(a.keys[i], b.keys[i])
        if (c !== 0) return c * (directions[i] ?? 1)
      }
      return a.index - b.index
    })
    // groq-js sorts again and slices; in input order the kept documents keep their ranks.
    const kept = new Set(rows.slice(0, ordered.limit).map((row) => row.doc))
    return {type: 'Value', value: survivors.filter((doc) => kept.has(doc))}
  }

  return rewrite(tree) as ExprNode
}

/** `*[filter] | order(a, b desc)[x...y]` with plain attribute paths: what may be cut to y. */
function orderedSlice(
  node: Node,
):
  | {order: Node; filter: Node; keys: Array<{path: string[]; desc: boolean}>; limit: number}
  | undefined {
  const order = node.base as Node
  if (order?.type !== 'PipeFuncCall' || order.name !== 'order') return undefined
  const filter = order.base as Node
  if (filter?.type !== 'Filter' || !isEverything(filter.base)) return undefined
  const {left, right, isInclusive} = node
  if (typeof left !== 'number' || typeof right !== 'number' || left < 0 || right < 0)
    return undefined
  const keys: Array<{path: string[]; desc: boolean}> = []
  for (const arg of order.args as Node[]) {
    const desc = arg.type === 'Desc'
    const path = attributePath(arg.type === 'Desc' || arg.type === 'Asc' ? (arg.base as Node) : arg)
    if (!path) return undefined
    keys.push({path, desc})
  }
  if (keys.length === 0) return undefined
  return {order, filter, keys, limit: right + (isInclusive ? 1 : 0)}
}

function isEverything(node: unknown): boolean {
  return (node as Node | undefined)?.type === 'Everything'
}

function conjuncts(expr: Node): Node[] {
  if (expr.type === 'And')
    return [...conjuncts(expr.left as Node), ...conjuncts(expr.right as Node)]
  if (expr.type === 'Group') return conjuncts(expr.base as Node)
  return [expr]
}

/** `a.b.c` read from the current document, as AccessAttribute nodes without a base spell it. */
function attributePath(node: Node | undefined): string[] | undefined {
  if (node?.type !== 'AccessAttribute' || typeof node.name !== 'string') return undefined
  if (node.base === undefined) return [node.name]
  const parent = attributePath(node.base as Node)
  return parent ? [...parent, node.name] : undefined
}

function indexableEquality(
  node: Node,
  params: Params,
): {path: string[]; value: unknown} | undefined {
  if (node.type !== 'OpCall' || node.op !== '==') return undefined
  for (const [a, b] of [
    [node.left, node.right],
    [node.right, node.left],
  ] as Array<[Node, Node]>) {
    const path = attributePath(a)
    const value = literal(b, params)
    if (path && value !== UNKNOWN && value !== null) return {path, value}
  }
  return undefined
}

function literal(node: Node, params: Params): unknown {
  let value: unknown = UNKNOWN
  if (node.type === 'Value') value = node.value
  else if (node.type === 'Parameter' && typeof node.name === 'string' && node.name in params)
    value = params[node.name]
  return isPrimitive(value) ? value : UNKNOWN
}

function isPrimitive(value: unknown): value is string | number | boolean | null {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  )
}

/** The value at a path, as groq-js reads it: only objects have attributes; missing is null. */
export function primitiveAt(doc: unknown, path: string[]): unknown {
  let current = doc
  for (const name of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null
    current = (current as Record<string, unknown>)[name]
  }
  return current === undefined ? null : current
}

type Condition = (doc: SanityDocument) => Truth
type Operand = (doc: SanityDocument) => unknown

/** Turns a filter into a JS function once per query, so each document costs a few calls. */
function compile(node: Node, params: Params): Condition {
  switch (node.type) {
    case 'Group':
      return compile(node.base as Node, params)
    case 'And': {
      const left = compile(node.left as Node, params)
      const right = compile(node.right as Node, params)
      return (doc) => {
        const a = left(doc)
        const b = right(doc)
        if (a === false || b === false) return false
        if (a === true && b === true) return true
        return a === UNKNOWN || b === UNKNOWN ? UNKNOWN : null
      }
    }
    case 'Or': {
      const left = compile(node.left as Node, params)
      const right = compile(node.right as Node, params)
      return (doc) => {
        const a = left(doc)
        const b = right(doc)
        if (a === true || b === true) return true
        if (a === false && b === false) return false
        return a === UNKNOWN || b === UNKNOWN ? UNKNOWN : null
      }
    }
    case 'Not': {
      const inner = compile(node.base as Node, params)
      return (doc) => {
        const value = inner(doc)
        return value === true ? false : value === false ? true : value
      }
    }
    case 'OpCall': {
      const op = node.op as string
      if (!['==', '!=', '<', '<=', '>', '>='].includes(op)) return () => UNKNOWN
      const left = compileOperand(node.left as Node, params)
      const right = compileOperand(node.right as Node, params)
      return (doc) => {
        const a = left(doc)
        const b = right(doc)
        if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN
        if (op === '==') return a === b
        if (op === '!=') return a !== b
        const c = partialCompare(a, b)
        if (c === null) return null
        return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0
      }
    }
    default:
      return () => UNKNOWN
  }
}

function compileOperand(node: Node, params: Params): Operand {
  const path = attributePath(node)
  if (path) {
    return (doc) => {
      const value = primitiveAt(doc, path)
      return isPrimitive(value) ? value : UNKNOWN
    }
  }
  const value = literal(node, params)
  return () => value
}

// groq-js's comparison rules for plain JSON values (no datetimes: those only come from functions).
function typeOf(value: unknown): string {
  return value === null || value === undefined
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value
}

function partialCompare(a: unknown, b: unknown): number | null {
  const type = typeOf(a)
  if (type !== typeOf(b)) return null
  if (type === 'number' || type === 'boolean') return Number(a) - Number(b)
  if (type === 'string')
    return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0
  return null
}

const TYPE_RANK: Record<string, number> = {number: 2, string: 3, boolean: 4}

function totalCompare(a: unknown, b: unknown): number {
  const rankA = TYPE_RANK[typeOf(a)] ?? 100
  const rankB = TYPE_RANK[typeOf(b)] ?? 100
  if (rankA !== rankB) return rankA - rankB
  return partialCompare(a, b) ?? 0
}
