import type {StructureResolver} from 'sanity/structure'
import {collectionTypes, singletonTypes} from '../schemas/index.ts'

/** Singletons first at their fixed ids, then the collections in the order of the site's menu. */
export const structure: StructureResolver = (S) =>
  S.list()
    // Without an id the builder derives one from the title, and a Korean title gives none.
    .id('content')
    .title('콘텐츠')
    .items([
      ...singletonTypes.map((type) =>
        S.listItem()
          .id(type.name)
          .title(type.title ?? type.name)
          .icon(type.icon)
          .child(
            S.document()
              .schemaType(type.name)
              .documentId(type.name)
              .title(type.title ?? type.name),
          ),
      ),
      S.divider(),
      ...collectionTypes.map((type) => {
        const list = S.documentTypeList(type.name).title(type.title ?? type.name)
        const ordering = type.orderings?.[0]?.by
        return S.listItem()
          .id(type.name)
          .title(type.title ?? type.name)
          .icon(type.icon)
          .schemaType(type.name)
          .child(
            type.name === 'press'
              ? list.defaultOrdering([
                  {field: 'date', direction: 'desc'},
                  {field: '_id', direction: 'desc'},
                ])
              : ordering
                ? list.defaultOrdering(ordering)
                : list,
          )
      }),
    ])
