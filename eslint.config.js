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
    files: ['src/**'],
    rules: importRule({
      regex: '^#netlify/',
      message: 'The site does not import the functions: what both need lives in shared/.',
    }),
  },
)
