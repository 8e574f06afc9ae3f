import {createSchema, type Workspace} from 'sanity'
import {schemaTypes} from './index.ts'

/**
 * The Studio's schema as a workspace for `validateDocument` in unit tests: no lake behind it,
 * so rules that would query it (unique slugs, references) find nothing.
 */
export const testWorkspace = {
  schema: createSchema({name: 'default', types: schemaTypes}),
  getClient: () => ({
    fetch: async () => null,
    withConfig() {
      return this
    },
  }),
} as unknown as Workspace
