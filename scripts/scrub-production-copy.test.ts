import {spawn} from 'node:child_process'
import {describe, expect, it} from 'vitest'
import {sql} from '#netlify/functions/_shared/database.ts'
import {copyProductionRows, everyRow} from '#tests/helpers/production-copy.ts'
import {testDatabaseUrl, withTestDatabase} from '#tests/helpers/test-database.ts'

function run(env: Record<string, string>): Promise<{code: number | null; output: string}> {
  return new Promise((resolve, reject) => {
    const {NETLIFY_DB_URL: _url, CONTEXT: _context, ...inherited} = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/scrub-production-copy.ts'], {
      env: {...inherited, ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, output}))
  })
}

describe('npm run db:scrub (the first step of a preview’s build)', () => {
  withTestDatabase()

  it('scrubs a deploy preview’s database and says what it did', async () => {
    await copyProductionRows(Date.now())
    const {code, output} = await run({
      CONTEXT: 'deploy-preview',
      NETLIFY_DB_URL: testDatabaseUrl(),
      NETLIFY_DB_DRIVER: 'server',
    })
    expect(output).toContain('db:scrub: scrubbed (leads 3,')
    expect(code).toBe(0)
    expect(await everyRow()).not.toContain('김비밀')
  })

  it('fails a production build’s attempt and touches nothing', async () => {
    await copyProductionRows(Date.now())
    const {code, output} = await run({
      CONTEXT: 'production',
      NETLIFY_DB_URL: testDatabaseUrl(),
      NETLIFY_DB_DRIVER: 'server',
    })
    expect(code).toBe(1)
    expect(output).toContain('CONTEXT is "production"')
    expect(await everyRow()).toContain('김비밀')
    expect(await sql()`SELECT count(*)::int AS n FROM personal_data_scrubs`).toEqual([{n: 0}])
  })

  it('lets a build without a database go on, its functions shut, and says how to scrub', async () => {
    const {code, output} = await run({CONTEXT: 'deploy-preview'})
    expect(code).toBe(0)
    expect(output).toContain('functions stay shut')
    expect(output).toContain('npm run db:scrub')
  })
})
