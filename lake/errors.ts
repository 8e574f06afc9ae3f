/**
 * Errors the lake answers with, in the shape Sanity's API uses (`{error: {description,
 * type, ...}}`), so that @sanity/client turns them into a ClientError with our status.
 */
export class LakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description)
  }

  body(): {error: Record<string, unknown>} {
    return {error: {description: this.message, type: this.type, ...this.extra}}
  }
}

export const badRequest = (description: string, extra?: Record<string, unknown>) =>
  new LakeError(400, 'httpBadRequest', description, extra)

export const unauthorized = (description = 'Unauthorized - Session not found') =>
  new LakeError(401, 'httpUnauthorized', description)

export const notFound = (description = 'Not found') =>
  new LakeError(404, 'httpNotFound', description)

/** A failed item of a transaction: Sanity wraps them in a `mutationError` with `items`. */
export interface MutationItemError {
  status: number
  index: number
  id?: string
  type: string
  description: string
}

export function mutationFailed(item: MutationItemError): LakeError {
  return new LakeError(
    item.status,
    'mutationError',
    `The mutation(s) failed: ${item.description}`,
    {
      items: [
        {error: {description: item.description, id: item.id, type: item.type}, index: item.index},
      ],
    },
  )
}
