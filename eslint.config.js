import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The import rule of docs/development.md ("Imports"), one pattern per clause. */
const IMPORT_RULE = [
  {
    regex: '^(\\.\\./){2,}',
    message: 'An import climbs one folder at most: further away, use the package import (#src/…).',
  },
  {
    // React Router's `./+types/<route>` names generated types, not a file of the folder.
    regex:
      '^(\\.{1,2}/|#)(?!.*\\+types/)(?!.*\\.(ts|tsx|mts|js|mjs|json|css|svg|png|jpe?g|webp|woff2|txt|md)(\\?\\w+)?$)',
    message: 'Name the imported file with its extension.',
  },
]

/** The rule as one folder adds to it. */
function importRule(...more) {
  return {'no-restricted-imports': ['error', {patterns: [...IMPORT_RULE, ...more]}]}
}

/**
 * The layers of netlify/functions/_shared/, lowest first (docs/development.md "Layers of the
 * functions' helpers"). A folder imports only from layers below its own, never from a folder
 * above it or beside it, so no two features import each other. The root files are the lowest
 * layer: they import no folder at all.
 */
const SHARED = 'netlify/functions/_shared'
const SHARED_LAYERS = [
  ['auth', 'production-copy'],
  ['gates'],
  ['texts'],
  ['leads'],
  ['visits'],
  ['registration'],
  ['access', 'operations', 'preview', 'staff-accounts', 'visitor-data'],
]
const sharedZones = [
  {
    target: `${SHARED}/*.ts`,
    from: SHARED_LAYERS.flat().map((folder) => `${SHARED}/${folder}`),
    message: 'The root files of _shared/ are its lowest layer: they import no folder of it.',
  },
  ...SHARED_LAYERS.flatMap((layer, index) =>
    layer.map((folder) => ({
      target: `${SHARED}/${folder}`,
      from: SHARED_LAYERS.slice(index)
        .flat()
        .filter((other) => other !== folder)
        .map((other) => `${SHARED}/${other}`),
      message: `${folder}/ imports only from the layers below it (docs/development.md "Layers of the functions' helpers").`,
    })),
  ),
]

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      'dist/',
      'studio-dist/',
      '.react-router/',
      '.netlify/',
      '.data/',
      '.sanity/',
      'sanity.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.browser, ...globals.node}},
    plugins: {'react-hooks': reactHooks, 'import-x': importX},
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_'},
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Every package a file imports is one package.json declares.
      'import-x/no-extraneous-dependencies': 'error',
      ...importRule(),
    },
  },
  {
    // Code both the browser and the server run: nothing of Node in it.
    files: ['shared/**'],
    ignores: ['**/*.test.ts'],
    rules: importRule(
      {regex: '^node:', message: 'shared/ runs in the browser too: no Node modules.'},
      {regex: '^#netlify/', message: 'shared/ is below the functions: it imports none of them.'},
    ),
  },
  {
    // Tests may reach across the layers: they run the features together, as callers do.
    files: [`${SHARED}/**`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {basePath: import.meta.dirname, zones: sharedZones},
      ],
    },
  },
  {
    files: ['src/**'],
    rules: importRule({
      regex: '^#netlify/',
      message: 'The site does not import the functions: what both need lives in shared/.',
    }),
  },
)
