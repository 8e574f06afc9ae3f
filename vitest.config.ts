import {availableParallelism} from 'node:os'
import {defineConfig} from 'vitest/config'

// Unit, component, function and lake tests; the browser tests have their own config
// (tests/e2e/vitest.config.ts) because they need the whole stack running.
export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: [
      'node_modules/**',
      'tests/e2e/**',
      'build/**',
      '.netlify/**',
      '.data/**',
      'studio-dist/**',
    ],
    environment: 'node',
    // Files run in parallel, each worker on its own databases (database-setup.ts). Vitest's
    // default of one worker fewer than the cores leaves a 2-core machine with one, while most
    // files spend their time waiting on child processes and database servers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The function tests' Netlify Database (tests/helpers/test-database.ts).
    globalSetup: ['tests/helpers/database-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
