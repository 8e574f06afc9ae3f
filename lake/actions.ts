import type {IncomingMessage, ServerResponse} from 'node:http'
import type {DatasetStore} from './dataset-store.ts'
import {DRAFTS_PREFIX, isValidDocumentId, type SanityDocument} from './documents.ts'
import {badRequest, LakeError} from './errors.ts'
import {readJson, requireAuthorized, sendJson, type TokenCheck} from './http.ts'

export interface ActionsRequest {
  req: IncomingMessage
  res: ServerResponse
  store: DatasetStore
  tokens: TokenCheck
}

type Json = Record<string, unknown>
type Get = (id: string) => SanityDocument | undefined

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `POST /v{ver}/data/actions/{dataset}`: Sanity's document actions (create, edit, publish,
 * unpublish, discard, delete, replaceDraft), which is how Studio 5 writes. Each request is
 * turned into mutations from the documents as they are when it runs, and committed as one
 * transaction under the caller's transaction id, so the Studio recognises its own edits.
 */
export async function handleActions({req, res, store, tokens}: ActionsRequest): Promise<void> {
  requireAuthorized(req, tokens)
  const body = await readJson(req)
  if (!isObject(body) || !(Array.isArray(body.actions) || isObject(body.actions)))
    throw badRequest('Request body must be an object with an `actions` array')
  const actions: unknown[] = Array.isArray(body.actions) ? body.actions : [body.actions]
  if (actions.length === 0) throw badRequest('`actions` must contain at least one action')
  const transactionId = body.transactionId
  if (
    transactionId !== undefined &&
    (typeof transactionId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(transactionId))
  ) {
    throw badRequest('`transactionId` must be a string of letters, digits, ".", "_" or "-"')
  }
  const result = await store.transactWith(
    (get) => {
      const mutations = actionMutations(actions, get)
      // e.g. a create with `ifExists: "ignore"` of a draft that exists: nothing to write.
      return mutations.length > 0 ? {mutations} : null
    },
    {transactionId, dryRun: body.dryRun === true},
  )
  sendJson(res, 200, {transactionId: result.transactionId})
}

/** The mutations that carry out `actions`, in order, given the documents as they are now. */
export function actionMutations(actions: unknown[], get: Get): Json[] {
  // Documents created or deleted by earlier actions of the same request.
  const overlay = new Map<string, SanityDocument | null>()
  const current = (id: string) => (overlay.has(id) ? (overlay.get(id) ?? undefined) : get(id))
  const mutations: Json[] = []
  const put = (doc: SanityDocument, kind: 'create' | 'createIfNotExists' | 'createOrReplace') => {
    if (kind === 'createIfNotExists' && current(doc._id)) return
    mutations.push({[kind]: doc})
    overlay.set(doc._id, doc)
  }
  const remove = (id: string) => {
    mutations.push({delete: {id}})
    overlay.set(id, null)
  }

  actions.forEach((action, index) => {
    if (!isObject(action) || typeof action.actionType !== 'string')
      throw badRequest(`Action ${index} needs an \`actionType\``)
    const id = (field: string): string => {
      const value = action[field]
      if (typeof value !== 'string' || !isValidDocumentId(value))
        throw badRequest(
          `Action ${index} (${String(action.actionType)}): \`${field}\` must be a document id`,
        )
      return value
    }
    const existing = (field: string): SanityDocument => {
      const doc = current(id(field))
      if (!doc) throw actionFailed(index, `Document "${id(field)}" does not exist`)
      return doc
    }
    switch (action.actionType) {
      case 'sanity.action.document.create': {
        const publishedId = id('publishedId')
        if (!isObject(action.attributes) || typeof action.attributes._id !== 'string')
          throw badRequest(`Action ${index}: \`attributes\` must be a document with an \`_id\``)
        const attributes = action.attributes as SanityDocument
        if (
          attributes._id !== `${DRAFTS_PREFIX}${publishedId}` &&
          !attributes._id.startsWith('versions.')
        ) {
          throw badRequest(
            `Action ${index}: \`attributes._id\` must be the draft of "${publishedId}"`,
          )
        }
        if (current(publishedId))
          throw actionFailed(index, `Document "${publishedId}" is already published`)
        put(attributes, action.ifExists === 'ignore' ? 'createIfNotExists' : 'create')
        return
      }
      case 'sanity.action.document.edit': {
        const draftId = id('draftId')
        if (!isObject(action.patch))
          throw badRequest(`Action ${index}: \`patch\` must be an object`)
        if (!current(draftId)) {
          // Editing a published document starts its draft from the published version.
          const published = current(id('publishedId'))
          if (!published)
            throw actionFailed(index, `Neither "${draftId}" nor its published document exists`)
          put({...published, _id: draftId}, 'create')
        }
        mutations.push({patch: {...action.patch, id: draftId}})
        return
      }
      case 'sanity.action.document.publish': {
        const draft = existing('draftId')
        const publishedId = id('publishedId')
        const published = current(publishedId)
        if (action.ifDraftRevisionId !== undefined && action.ifDraftRevisionId !== draft._rev)
          throw actionFailed(index, 'The draft has changed since it was loaded', 409)
        if (
          action.ifPublishedRevisionId !== undefined &&
          action.ifPublishedRevisionId !== published?._rev
        ) {
          throw actionFailed(index, 'The published document has changed since it was loaded', 409)
        }
        put({...draft, _id: publishedId}, 'createOrReplace')
        remove(draft._id)
        return
      }
      case 'sanity.action.document.unpublish': {
        const published = existing('publishedId')
        put({...published, _id: id('draftId')}, 'createIfNotExists')
        remove(published._id)
        return
      }
      case 'sanity.action.document.discard':
        remove(existing('draftId')._id)
        return
      case 'sanity.action.document.delete': {
        const publishedId = id('publishedId')
        const drafts = Array.isArray(action.includeDrafts) ? action.includeDrafts : []
        if (!drafts.every((draft) => typeof draft === 'string' && isValidDocumentId(draft)))
          throw badRequest(`Action ${index}: \`includeDrafts\` must be document ids`)
        for (const target of [publishedId, ...(drafts as string[])])
          if (current(target)) remove(target)
        return
      }
      case 'sanity.action.document.replaceDraft': {
        const publishedId = id('publishedId')
        if (
          !isObject(action.attributes) ||
          action.attributes._id !== `${DRAFTS_PREFIX}${publishedId}`
        ) {
          throw badRequest(`Action ${index}: \`attributes\` must be the draft of "${publishedId}"`)
        }
        put(action.attributes as SanityDocument, 'createOrReplace')
        return
      }
      default:
        // Releases (document versions) need Sanity's hosted Content Lake.
        throw badRequest(
          `Action ${index}: "${action.actionType}" is not supported by the local Content Lake`,
        )
    }
  })
  return mutations
}

function actionFailed(index: number, description: string, status = 409): LakeError {
  return new LakeError(status, 'actionError', `Action ${index} failed: ${description}`, {
    items: [{index, error: {description}}],
  })
}
