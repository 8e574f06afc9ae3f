import { defineCliConfig } from 'sanity/cli'
import { readStudioEnv, STUDIO_ENV_KEYS } from './studio/env'

const env = readStudioEnv(process.env)

export default defineCliConfig({
  api: { projectId: env.projectId, dataset: env.dataset },
  // The Studio reads the project's own variable names rather than SANITY_STUDIO_*, so they are inlined here.
  vite: (config) => ({
    ...config,
    define: {
      ...config.define,
      ...Object.fromEntries(STUDIO_ENV_KEYS.map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? '')])),
    },
  }),
  typegen: {
    path: './src/**/*.{ts,tsx}',
    schema: 'schema.json',
    generates: 'sanity.types.ts',
    overloadClientMethods: true,
  },
})
