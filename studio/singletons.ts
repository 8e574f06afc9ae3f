import type {DocumentActionComponent, NewDocumentOptionsResolver, Template} from 'sanity'
import {singletonTypes} from '../schemas/index.ts'

export const singletonTypeNames = new Set<string>(singletonTypes.map((type) => type.name))

/**
 * A singleton can be edited, published and reverted, but never duplicated, deleted or unpublished.
 */
const SINGLETON_ACTIONS = new Set(['publish', 'discardChanges', 'restore'])

export function singletonActions(
  actions: DocumentActionComponent[],
  schemaType: string,
): DocumentActionComponent[] {
  if (!singletonTypeNames.has(schemaType)) return actions
  return actions.filter(
    (action) => action.action !== undefined && SINGLETON_ACTIONS.has(action.action),
  )
}

/** No "new document" templates for singletons: they live at their fixed ids only. */
export function withoutSingletonTemplates(templates: Template[]): Template[] {
  return templates.filter((template) => !singletonTypeNames.has(template.schemaType))
}

export const withoutSingletonNewOptions: NewDocumentOptionsResolver = (options) =>
  options.filter((option) => !singletonTypeNames.has(option.templateId))
