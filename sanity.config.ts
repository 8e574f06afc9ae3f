import {koKRLocale} from '@sanity/locale-ko-kr'
import {visionTool} from '@sanity/vision'
import {defineConfig} from 'sanity'
import {structureTool} from 'sanity/structure'
import {SETTINGS} from './config/settings.ts'
import {schemaTypes} from './schemas/index.ts'
import {readStudioEnv} from './studio/env.ts'
import {clientWithSpreadListeners} from './studio/spread-listeners.ts'
import {
  singletonActions,
  withoutSingletonNewOptions,
  withoutSingletonTemplates,
} from './studio/singletons.ts'
import {sitePreview} from './studio/presentation.ts'
import {structure} from './studio/structure.ts'

// Each process.env.* below is inlined by the `vite.define` of sanity.cli.ts (the browser has no
// process).
const env = readStudioEnv({
  SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID,
  SANITY_DATASET: process.env.SANITY_DATASET,
  SANITY_API_HOST: process.env.SANITY_API_HOST,
  LAKE_PORT: process.env.LAKE_PORT,
  SITE_URL: process.env.SITE_URL,
  PORT: process.env.PORT,
})

export default defineConfig({
  name: 'default',
  title: '솔담 레이크파크 콘텐츠 관리',
  projectId: env.projectId,
  dataset: env.dataset,
  // The local Content Lake has no releases, schedules, tasks or announcements: Sanity's servers run
  // those.
  ...(env.apiHost
    ? {
        apiHost: env.apiHost,
        unstable_clientFactory: clientWithSpreadListeners,
        releases: {enabled: false},
        scheduledDrafts: {enabled: false},
        scheduledPublishing: {enabled: false},
        tasks: {enabled: false},
        announcements: {enabled: false},
      }
    : {}),
  plugins: [
    structureTool({title: '콘텐츠', structure}),
    sitePreview(env.siteUrl),
    visionTool({title: 'GROQ 조회', defaultApiVersion: SETTINGS.SANITY_API_VERSION.fallback}),
    koKRLocale(),
  ],
  schema: {
    types: schemaTypes,
    templates: withoutSingletonTemplates,
  },
  document: {
    actions: (actions, context) => singletonActions(actions, context.schemaType),
    newDocumentOptions: withoutSingletonNewOptions,
  },
})
