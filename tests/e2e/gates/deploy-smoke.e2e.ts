import {execFile} from 'node:child_process'
import {promisify} from 'node:util'
import {describe, expect, inject, it} from 'vitest'
import {staffToken} from '../staff-token.ts'

/*
 * `npm run smoke` against the whole stack, as an operator runs it after a deploy: every
 * check passes, the health endpoint's included, and the command exits 0.
 */

describe('npm run smoke against the stack', () => {
  it('passes every check and exits 0', async () => {
    const {stdout, stderr} = await promisify(execFile)(
      'node_modules/.bin/tsx',
      ['scripts/smoke.ts', inject('baseUrl')],
      {
        env: {
          ...process.env,
          SANITY_API_HOST: inject('lakeUrl'),
          SMOKE_ADMIN_TOKEN: await staffToken(),
        },
      },
    ).catch((error: {stdout?: string; stderr?: string}) => {
      throw new Error(`npm run smoke failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`)
    })
    expect(stderr).toBe('')
    expect(stdout).toMatch(/^page +\/ +PASS/m)
    expect(stdout).toMatch(/^health +job \S+ +PASS/m)
    expect(stdout).toMatch(/All \d+ checks passed\.$/m)
  }, 120_000)
})
