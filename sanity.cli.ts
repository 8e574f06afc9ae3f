import {defineCliConfig} from 'sanity/cli'
import {readStudioEnv} from './studio/env.ts'
import {studioViteConfig} from './studio/viteConfig.ts'

const env = readStudioEnv(process.env)

export default defineCliConfig({
  api: {projectId: env.projectId, dataset: env.dataset},
  // The Studio reads the project's own variable names rather than SANITY_STUDIO_*, so they are
  // inlined here.
  vite: (config) => studioViteConfig(config, process.env),
  typegen: {
    path: ['./src/**/*.{ts,tsx}', './netlify/functions/**/*.{ts,mts}'],
    schema: 'schema.json',
    generates: 'sanity.types.ts',
    overloadClientMethods: true,
  },
})
