import type {CustomValidator} from 'sanity'

/**
 * A custom rule that refuses a value another document of the same type already uses for
 * `field` (drafts of the document being edited do not count as "another").
 */
export function uniqueValue(field: string, message: string): CustomValidator<string | undefined> {
  return async (value, context) => {
    if (!value || !context.document) return true
    const id = context.document._id.replace(/^drafts\./, '')
    const client = context.getClient({apiVersion: '2025-02-19'})
    const taken = await client.fetch<number>(
      `count(*[_type == $type && ${field} == $value && !(_id in [$id, $draftId])])`,
      {type: context.document._type, value, id, draftId: `drafts.${id}`},
    )
    return taken === 0 ? true : message
  }
}
