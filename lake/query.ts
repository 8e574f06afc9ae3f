import {
  evaluate,
  evaluateSync,
  GroqSyntaxError,
  parse,
  type EvaluateOptions,
  type ExprNode,
} from 'groq-js'
import {badRequest, LakeError} from './errors.ts'
import {estimateQueryCost} from './query-cost.ts'
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
      throw new LakeError(400, 'queryParseError', error.message, {
        query,
        start: error.position,
        end: error.position + 1,
      })
    }
    throw new LakeError(400, 'queryParseError', (error as Error).message, {query})
  }
  // groq-js quietly reads a missing parameter as null, which turns a typo into an empty
  // result; Sanity refuses the query, and so do we.
  for (const name of parameterNames(tree)) {
    if (!(name in params)) {
      throw new LakeError(400, 'queryParseError', `param $${name} referenced, but not provided`, {
        query,
      })
    }
  }
  return tree
}

export interface RunOptions {
  /** Feeds `sanity::projectId()` and `sanity::dataset()`. */
  sanity?: {projectId: string; dataset: string}
  /** Refuse, before evaluating, a query whose estimated cost (see query-cost.ts) is higher. */
  costLimit?: number
}

export async function runQuery(
  tree: ExprNode,
  params: Record<string, unknown>,
  view: DatasetView,
  options: RunOptions = {},
): Promise<unknown> {
  const planned = planQuery(tree, params, view)
  if (options.costLimit !== undefined) {
    const cost = estimateQueryCost(planned, view.docs.length)
    // Not `cost > limit`: an unbounded size times an empty slice is NaN, refused as well.
    if (!(cost <= options.costLimit)) {
      const limit = options.costLimit.toLocaleString('en')
      throw new LakeError(
        400,
        'queryTooExpensiveError',
        Number.isFinite(cost)
          ? `Query too expensive: its scans nested in scans come to about ` +
              `${Math.round(cost).toLocaleString('en')} evaluations, over the limit of ${limit} ` +
              'for readers without a token. Narrow the inner filters (for example by _type), ' +
              'or send a token.'
          : 'Query too expensive: it goes through the result of a function whose size is only ' +
              'known while it runs (string::split of a field), which readers without a token ' +
              'may not. Send a token.',
      )
    }
  }
  const byId = (ref: string) => view.index(['_id']).get(ref)?.[0] ?? null
  const evaluation: EvaluateOptions = {
    dataset: view.docs,
    params,
    sanity: options.sanity,
    dereference: ({_ref}) => byId(_ref),
  }
  try {
    // The synchronous evaluator is several times faster; the few functions it lacks
    // (and any error) send the query through the asynchronous one, which has them all.
    return evaluateSync(planned, evaluation).data
  } catch {
    try {
      return await (await evaluate(planned, evaluation)).get()
    } catch (error) {
      if (error instanceof LakeError) throw error
      throw badRequest(`Query failed: ${(error as Error).message}`)
    }
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
