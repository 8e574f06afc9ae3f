/**
 * Fails (exit 1) when the committed schema.json or sanity.types.ts differ from what the current
 * schemas/ and src/ queries generate. Everything is regenerated into a scratch folder under
 * node_modules/.cache, so the check never touches the tracked files. Fix a failure with `npm run
 * typegen`.
 */
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {join, relative, resolve} from 'node:path'
import {configDefinition, runTypegenGenerate} from '@sanity/codegen'
import cliConfig from '../sanity.cli.ts'

const root = resolve(import.meta.dirname, '..')
const typegen = cliConfig.typegen ?? {}
const committedSchema = join(root, typegen.schema ?? 'schema.json')
const committedTypes = join(root, typegen.generates ?? 'sanity.types.ts')

function differs(committed: string, freshText: string): boolean {
  return !existsSync(committed) || readFileSync(committed, 'utf8') !== freshText
}

// Inside the project, so that TypeGen formats the fresh file with the project's Prettier
// settings, as it formats the committed one.
mkdirSync(join(root, 'node_modules/.cache'), {recursive: true})
const scratch = mkdtempSync(join(root, 'node_modules/.cache/check-typegen-'))
try {
  // The CLI resolves --path against the working directory even when it is absolute.
  const freshSchema = relative(root, join(scratch, 'schema.json'))
  const freshTypes = join(scratch, 'sanity.types.ts')
  const extract = spawnSync(
    join(root, 'node_modules/.bin/sanity'),
    ['schema', 'extract', '--path', freshSchema],
    {
      cwd: root,
      encoding: 'utf8',
      env: {...process.env, SANITY_TELEMETRY_DISABLED: 'true'},
    },
  )
  if (extract.status !== 0) {
    process.stderr.write(
      `${extract.stdout}${extract.stderr}\ncheck-typegen: "sanity schema extract" failed.\n`,
    )
    process.exit(1)
  }
  // Parsed like the CLI does, so defaults such as prettier formatting match `npm run typegen`.
  const config = configDefinition.parse({...typegen, schema: freshSchema, generates: freshTypes})
  await runTypegenGenerate({workDir: root, config})

  // The generated file names its schema ("// Source: <path>"): put back the committed name.
  const freshTypesText = readFileSync(freshTypes, 'utf8').replaceAll(
    freshSchema,
    typegen.schema ?? 'schema.json',
  )
  const stale = [
    differs(committedSchema, readFileSync(join(root, freshSchema), 'utf8'))
      ? (typegen.schema ?? 'schema.json')
      : null,
    differs(committedTypes, freshTypesText) ? (typegen.generates ?? 'sanity.types.ts') : null,
  ].filter((name): name is string => name !== null)
  if (stale.length > 0) {
    process.stderr.write(
      `check-typegen: ${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'}` +
        ` out of date with schemas/ and the defineQuery queries in src/.\n` +
        'Run `npm run typegen` and commit the result.\n',
    )
    process.exit(1)
  }
  process.stdout.write('check-typegen: schema.json and sanity.types.ts are up to date.\n')
} finally {
  rmSync(scratch, {recursive: true, force: true})
}
