import type {ExprNode} from 'groq-js'

type Node = Record<string, unknown> & {type: string}

/**
 * How much work an anonymous reader's query may ask for, in the units of
 * `estimateQueryCost` (about 13 million a second here). The site's own queries stay well
 * below it: its costliest, a site's press list with 10,000 posts, comes to about 460,000.
 * Three scans nested in each other over 130 documents come to 13 million.
 */
export const ANONYMOUS_QUERY_COST_LIMIT = 4_000_000

/**
 * An estimate, made before evaluation, of how many expression evaluations a planned query
 * (see query-plan.ts) makes: every filter, projection, ordering and count is charged for
 * each element it goes through, and everything inside it once per element. Scans nested
 * in scans multiply, which is what a cost limit has to catch: each level multiplies the
 * time by the number of documents. Scans the planner narrowed are charged for what is
 * left of them; an element count it cannot know (an attribute's array) counts as one.
 * A function's result whose size depends on data only seen while evaluating (string::split
 * of a field) is unbounded: Infinity, which no limit allows.
 */
export function estimateQueryCost(tree: ExprNode, datasetSize: number): number {
  const size = (value: unknown): number => {
    const node = value as Node
    switch (node.type) {
      case 'Everything':
        return datasetSize
      case 'Value':
        return Array.isArray(node.value) ? node.value.length : 1
      case 'Filter':
      case 'Map':
      case 'PipeFuncCall':
      case 'Group':
      case 'ArrayCoerce':
        return size(node.base)
      case 'FlatMap':
        return size(node.base) * Math.max(1, size(node.expr))
      case 'Slice': {
        const {left, right, isInclusive} = node
        const all = size(node.base)
        if (typeof left !== 'number' || typeof right !== 'number' || left < 0 || right < 0)
          return all
        return Math.min(all, Math.max(0, right - left + (isInclusive ? 1 : 0)))
      }
      case 'Array':
        return (node.elements as Node[]).reduce(
          (sum, element) => sum + (element.isSplat ? size(element.value) : 1),
          0,
        )
      case 'OpCall':
        return node.op === '+' ? size(node.left) + size(node.right) : 1
      case 'Select':
        return Math.max(
          ...(node.alternatives as Node[]).map((alternative) => size(alternative.value)),
          node.fallback ? size(node.fallback) : 1,
        )
      case 'FuncCall':
        return functionResultSize(node, size, datasetSize)
      default:
        return 1
    }
  }

  // `times`: how often the node is evaluated, given everything around it.
  const cost = (value: unknown, times: number): number => {
    const node = value as Node
    switch (node.type) {
      case 'Value':
      case 'Everything':
      case 'Parameter':
      case 'Parent':
      case 'This':
        return times
      case 'Filter':
      case 'Map':
      case 'FlatMap': {
        const elements = times * size(node.base)
        return cost(node.base, times) + elements + cost(node.expr, elements)
      }
      case 'PipeFuncCall': {
        const n = size(node.base)
        const elements = times * n
        return (
          cost(node.base, times) +
          elements * Math.log2(n + 2) +
          (node.args as Node[]).reduce((sum, arg) => sum + cost(arg, elements), 0)
        )
      }
      case 'FuncCall':
        // count(), math::sum() and the array functions go through their arguments' elements;
        // string::split and the array functions build a result of their size.
        return (
          times * size(node) +
          (node.args as Node[]).reduce((sum, arg) => sum + times * size(arg) + cost(arg, times), 0)
        )
      default:
        return times + children(node).reduce((sum, child) => sum + cost(child, times), 0)
    }
  }

  return cost(tree, 1)
}

/**
 * How many elements a function call can give. `string::split` of a literal (or of a
 * parameter, a literal once parsed) gives at most one more than the string's length; of
 * anything else, as many as a document's text holds, which nothing bounds before it runs.
 * The array functions give at most what they are given; the other functions give scalars.
 */
function functionResultSize(
  node: Node,
  size: (value: unknown) => number,
  datasetSize: number,
): number {
  const args = node.args as Node[]
  const name = `${node.namespace as string}::${node.name as string}`
  if (name === 'string::split') {
    const text = args[0]
    return text?.type === 'Value' && typeof text.value === 'string'
      ? text.value.length + 1
      : Infinity
  }
  // Ids of documents: at most every document.
  if (name === 'sanity::versionsOf' || name === 'releases::all') return datasetSize
  if (node.namespace === 'array' || node.name === 'coalesce') return Math.max(1, ...args.map(size))
  return 1
}

/** The expression nodes directly inside a node (object attributes and select branches included). */
function children(node: Node): Node[] {
  const found: Node[] = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
    } else if (typeof value === 'object' && value !== null) {
      const record = value as Node
      // Wrappers such as ObjectAttributeValue and SelectAlternative hold expressions but are none.
      if (isWrapper(record.type)) for (const child of Object.values(record)) visit(child)
      else found.push(record)
    }
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value)
  return found
}

const WRAPPERS = new Set([
  'ObjectAttributeValue',
  'ObjectConditionalSplat',
  'ObjectSplat',
  'SelectAlternative',
  'ArrayElement',
])

function isWrapper(type: string): boolean {
  return WRAPPERS.has(type)
}
