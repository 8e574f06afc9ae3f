import {defineField, type SortOrdering} from 'sanity'

/**
 * The position of a document in its list on the site (lower first) and the Studio's
 * ordering by it, for every collection the site shows in an editor-chosen order.
 * A function, so that each document type gets a definition of its own to compile.
 */
export function orderField() {
  return defineField({
    name: 'order',
    title: '정렬 순서',
    type: 'number',
    description: '작은 숫자가 앞에 옵니다.',
    validation: (rule) => rule.required().integer().min(0),
  })
}

export const BY_ORDER: SortOrdering = {
  title: '정렬 순서',
  name: 'orderAsc',
  by: [{field: 'order', direction: 'asc'}],
}
