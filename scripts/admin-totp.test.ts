import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {loadLocalSecrets} from '../config/local-secrets.ts'
import {totpCode} from '../shared/auth/totp.ts'

function run(env: NodeJS.ProcessEnv): Promise<{code: number | null; stdout: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-totp.ts'], {
      env: {...process.env, ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout}))
  })
}

describe('npm run admin:totp', () => {
  it("prints the code ADMIN_TOTP_SECRET's app shows now", async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const before = Date.now()
    const {code, stdout} = await run({ADMIN_TOTP_SECRET: secret})
    expect(code).toBe(0)
    // The period may turn while the command starts.
    expect([totpCode(secret, before), totpCode(secret)]).toContain(stdout.trim())
  })

  it('refuses a secret that is not base32', async () => {
    expect((await run({ADMIN_TOTP_SECRET: 'not a secret!'})).code).toBe(1)
  })

  it("without one, prints the code of the local administrator's secret in DATA_DIR", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-totp-'))
    try {
      const before = Date.now()
      const {code, stdout} = await run({ADMIN_TOTP_SECRET: '', DATA_DIR: dataDir})
      expect(code).toBe(0)
      // The same secret `npm start` prints and gives the functions.
      const {adminTotpSecret} = loadLocalSecrets(dataDir)
      expect([totpCode(adminTotpSecret, before), totpCode(adminTotpSecret)]).toContain(
        stdout.trim(),
      )
    } finally {
      rmSync(dataDir, {recursive: true, force: true})
    }
  })
})
