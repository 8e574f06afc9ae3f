import {defineConfig} from 'vitest/config'

// Unit, component, function and lake tests; the browser tests have their own config
// (tests/e2e/vitest.config.ts) because they need the whole stack running.
export default defineConfig({
  resolve: {alias: {'~': new URL('./src', import.meta.url).pathname}},
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
    // The function tests' Netlify Database (tests/helpers/test-database.ts).
    globalSetup: ['tests/helpers/database-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
