import type {
  DocumentActionComponent,
  NewDocumentOptionsContext,
  Template,
  TemplateItem,
} from 'sanity'
import {describe, expect, it} from 'vitest'
import {
  singletonActions,
  withoutSingletonNewOptions,
  withoutSingletonTemplates,
} from './singletons.ts'

const action = (name: DocumentActionComponent['action']) =>
  Object.assign(() => null, {action: name}) as DocumentActionComponent
const allActions = ['publish', 'unpublish', 'discardChanges', 'duplicate', 'delete', 'restore'].map(
  (name) => action(name as DocumentActionComponent['action']),
)

describe('singleton handling', () => {
  it(
    'lets a singleton be published, reverted and ' +
      'restored, but not unpublished, duplicated or deleted',
    () => {
      expect(singletonActions(allActions, 'siteSettings').map((entry) => entry.action)).toEqual([
        'publish',
        'discardChanges',
        'restore',
      ])
    },
  )

  it('leaves every action to the collections', () => {
    expect(singletonActions(allActions, 'press')).toEqual(allActions)
  })

  it('offers no "new document" template or option for a singleton', () => {
    const templates = ['siteSettings', 'navigation', 'page', 'press'].map(
      (schemaType) => ({id: schemaType, schemaType}) as Template,
    )
    expect(withoutSingletonTemplates(templates).map((template) => template.id)).toEqual([
      'page',
      'press',
    ])
    const options = ['homePage', 'privacy', 'unitType'].map(
      (templateId) => ({templateId}) as TemplateItem,
    )
    const kept = withoutSingletonNewOptions(options, {} as NewDocumentOptionsContext)
    expect((kept as TemplateItem[]).map((option) => option.templateId)).toEqual(['unitType'])
  })
})
