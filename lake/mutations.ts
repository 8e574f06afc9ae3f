import {Mutation} from '@sanity/mutator'
import {badRequest, mutationFailed} from './errors.ts'
import {isValidDocumentId, randomId, type SanityDocument} from './documents.ts'

export type Operation = 'create' | 'update' | 'delete' | 'none'

export interface MutationResult {
  id: string
  operation: Operation
  document: SanityDocument | null
}

export interface TransactionOutcome {
  writes: Map<string, SanityDocument | null>
  results: MutationResult[]
}

export interface TransactionContext {
  transactionId: string
  now: Date
  get(id: string): SanityDocument | undefined
  /** Ids of the documents a GROQ selection picks, seeing the transaction's own writes. */
  select(query: string, params: Record<string, unknown>, docs: SanityDocument[]): Promise<string[]>
  /** Every document as the transaction sees it so far. */
  all(writes: Map<string, SanityDocument | null>): SanityDocument[]
}

type Json = Record<string, unknown>

const KINDS = ['create', 'createOrReplace', 'createIfNotExists', 'delete', 'patch'] as const
type Kind = (typeof KINDS)[number]
const PATCH_OPS = [
  'set',
  'setIfMissing',
  'unset',
  'inc',
  'dec',
  'insert',
  'diffMatchPatch',
] as const

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Applies a transaction to a working copy: nothing of it is visible to the store unless
 * every mutation succeeds (the caller commits `writes` as one unit). Patches go through
 * @sanity/mutator, with its known gaps filled here: `ifRevisionID` is checked, `inc`/`dec`
 * start from 0 on a missing field, inputs are cloned, and system fields are ours to set.
 */
export async function applyTransaction(
  body: unknown,
  ctx: TransactionContext,
): Promise<TransactionOutcome> {
  if (!isObject(body) || !Array.isArray(body.mutations)) {
    throw badRequest('Request body must be an object with a `mutations` array')
  }
  if (body.mutations.length === 0)
    throw badRequest('`mutations` must contain at least one mutation')
  const writes = new Map<string, SanityDocument | null>()
  const results: MutationResult[] = []
  const current = (id: string): SanityDocument | undefined => {
    if (writes.has(id)) return writes.get(id) ?? undefined
    return ctx.get(id)
  }
  const write = (id: string, doc: SanityDocument | null, operation: Operation) => {
    writes.set(id, doc)
    results.push({id, operation, document: doc})
  }

  for (const [index, mutation] of body.mutations.entries()) {
    const keys = isObject(mutation) ? Object.keys(mutation) : []
    const kind = keys[0] as Kind | undefined
    if (keys.length !== 1 || !kind || !KINDS.includes(kind)) {
      throw badRequest(`Mutation ${index} must have exactly one of ${KINDS.join(', ')}`)
    }
    const spec = (mutation as Json)[kind]
    if (!isObject(spec)) throw badRequest(`Mutation ${index} (${kind}) must be an object`)

    if (kind === 'create' || kind === 'createOrReplace' || kind === 'createIfNotExists') {
      const input = structuredClone(spec)
      let id = input._id
      if (id === undefined && kind === 'create') id = randomId()
      else if (typeof id === 'string' && id.endsWith('.') && kind === 'create')
        id = `${id}${randomId()}`
      if (typeof id !== 'string' || !isValidDocumentId(id)) {
        throw badRequest(
          `Mutation ${index} (${kind}): \`_id\` is ` +
            `${id === undefined ? 'required' : 'not a valid document id'}`,
        )
      }
      requireType(input, index, kind)
      const existing = current(id)
      if (kind === 'create' && existing) {
        throw mutationFailed({
          status: 409,
          index,
          id,
          type: 'documentAlreadyExistsError',
          description: `Document by ID "${id}" already exists`,
        })
      }
      if (kind === 'createIfNotExists' && existing) {
        results.push({id, operation: 'none', document: existing})
        continue
      }
      const createdAt =
        existing?._createdAt ??
        (typeof input._createdAt === 'string' ? input._createdAt : ctx.now.toISOString())
      write(id, stamp({...input, _id: id}, createdAt, ctx), existing ? 'update' : 'create')
      continue
    }

    const ids = await selectedIds(spec, index, kind, current, ctx, writes)
    if (kind === 'delete') {
      for (const id of ids) write(id, null, 'delete')
      continue
    }

    const patches = splitPatch(spec, index)
    for (const id of ids) {
      const existing = current(id)
      if (!existing) {
        throw mutationFailed({
          status: 404,
          index,
          id,
          type: 'documentNotFoundError',
          description: `Document by ID "${id}" not found`,
        })
      }
      if (spec.ifRevisionID !== undefined && spec.ifRevisionID !== existing._rev) {
        throw mutationFailed({
          status: 409,
          index,
          id,
          type: 'conflictError',
          description:
            `Document by ID "${id}" has unexpected revision ID ("` +
            `${existing._rev}"), expected "${String(spec.ifRevisionID)}"`,
        })
      }
      let patched: SanityDocument | null
      try {
        patched = new Mutation({mutations: patches.map((p) => ({patch: {...p, id}}))}).apply(
          structuredClone(existing),
        ) as SanityDocument | null
      } catch (error) {
        throw badRequest(
          `Mutation ${index} (patch) could not be applied to "${id}": ${(error as Error).message}`,
        )
      }
      if (!patched) throw badRequest(`Mutation ${index} (patch) removed document "${id}"`)
      requireType(patched, index, 'patch')
      write(id, stamp({...patched, _id: id}, existing._createdAt, ctx), 'update')
    }
  }
  return {writes, results}
}

function requireType(doc: Json, index: number, kind: string): void {
  if (typeof doc._type !== 'string' || doc._type.trim() === '') {
    throw badRequest(
      `Mutation ${index} (${kind}): \`_type\` is required and must be a non-empty string`,
    )
  }
}

function stamp(doc: Json, createdAt: string, ctx: TransactionContext): SanityDocument {
  return {
    ...doc,
    _createdAt: createdAt,
    _updatedAt: ctx.now.toISOString(),
    _rev: ctx.transactionId,
  } as SanityDocument
}

async function selectedIds(
  spec: Json,
  index: number,
  kind: Kind,
  current: (id: string) => SanityDocument | undefined,
  ctx: TransactionContext,
  writes: Map<string, SanityDocument | null>,
): Promise<string[]> {
  if (typeof spec.id === 'string') {
    if (!isValidDocumentId(spec.id))
      throw badRequest(`Mutation ${index} (${kind}): "${spec.id}" is not a valid document id`)
    if (kind === 'delete' && !current(spec.id)) return []
    return [spec.id]
  }
  if (typeof spec.query === 'string') {
    const params = spec.params === undefined ? {} : spec.params
    if (!isObject(params))
      throw badRequest(`Mutation ${index} (${kind}): \`params\` must be an object`)
    return ctx.select(spec.query, params, ctx.all(writes))
  }
  throw badRequest(`Mutation ${index} (${kind}) needs an \`id\` or a \`query\``)
}

/**
 * Splits one patch into steps in the mutator's own order, with a `setIfMissing: 0` for
 * every `inc`/`dec` path right before them, so a missing counter starts from 0.
 */
function splitPatch(spec: Json, index: number): Json[] {
  for (const key of Object.keys(spec)) {
    if (!['id', 'query', 'params', 'ifRevisionID', ...PATCH_OPS].includes(key)) {
      throw badRequest(`Mutation ${index} (patch): unknown operation \`${key}\``)
    }
  }
  for (const op of ['set', 'setIfMissing', 'inc', 'dec', 'diffMatchPatch'] as const) {
    if (spec[op] !== undefined && !isObject(spec[op]))
      throw badRequest(`Mutation ${index} (patch): \`${op}\` must be an object`)
  }
  if (
    spec.unset !== undefined &&
    (!Array.isArray(spec.unset) || !spec.unset.every((p) => typeof p === 'string'))
  ) {
    throw badRequest(`Mutation ${index} (patch): \`unset\` must be an array of paths`)
  }
  if (spec.insert !== undefined) {
    const insert = spec.insert
    const anchors = isObject(insert)
      ? ['before', 'after', 'replace'].filter((k) => typeof insert[k] === 'string')
      : []
    if (!isObject(insert) || anchors.length !== 1 || !Array.isArray(insert.items)) {
      throw badRequest(
        `Mutation ${index} (patch): \`insert\` needs one ` +
          `of before/after/replace and an \`items\` array`,
      )
    }
  }
  const counters: Json = {}
  for (const op of ['inc', 'dec'] as const) {
    for (const [path, amount] of Object.entries((spec[op] as Json | undefined) ?? {})) {
      if (typeof amount !== 'number' || !Number.isFinite(amount)) {
        throw badRequest(`Mutation ${index} (patch): \`${op}.${path}\` must be a number`)
      }
      counters[path] = 0
    }
  }
  const pick = (...ops: string[]): Json =>
    Object.fromEntries(ops.filter((op) => spec[op] !== undefined).map((op) => [op, spec[op]]))
  return [
    pick('setIfMissing', 'set', 'unset', 'diffMatchPatch'),
    Object.keys(counters).length > 0 ? {setIfMissing: counters} : {},
    pick('inc', 'dec', 'insert'),
  ].filter((step) => Object.keys(step).length > 0)
}
