import {spawn} from 'node:child_process'
import {describe, expect, it} from 'vitest'
import {parseStaffAccounts} from '../netlify/functions/_shared/auth/admin-users.ts'
import {verifyPassword} from '../netlify/functions/_shared/auth/password.ts'

/** Whether `pair` is an ADMIN_USERS entry of `email` that `password` opens. */
async function opens(pair: string, email: string, password: string): Promise<boolean> {
  const entry = parseStaffAccounts(pair).get(email)
  return entry !== undefined && (await verifyPassword(password, entry.hash))
}

function run(
  args: string[],
  stdin: string,
): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-hash.ts', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout, stderr}))
    child.stdin.end(stdin)
  })
}

describe('npm run admin:hash', () => {
  it(
    'prints an email:hash pair that signs in ' + 'with the password read from standard input',
    async () => {
      const {code, stdout} = await run(['Admin@Example.com'], '관리자-비밀번호-1\n')
      expect(code).toBe(0)
      const pair = stdout.trim()
      expect(pair).toMatch(/^admin@example\.com:scrypt\.32768\.8\.1\.[\w-]+\.[\w-]+$/)
      expect(await opens(pair, 'admin@example.com', '관리자-비밀번호-1')).toBe(true)
      expect(await opens(pair, 'admin@example.com', '관리자-비밀번호-2')).toBe(false)
    },
  )

  it('takes the e-mail and the password as arguments too', async () => {
    const {code, stdout} = await run(['ops@example.com', 'long-enough-pw'], '')
    expect(code).toBe(0)
    expect(await opens(stdout.trim(), 'ops@example.com', 'long-enough-pw')).toBe(true)
  })

  it('refuses a short password and a malformed e-mail in Korean', async () => {
    const short = await run(['admin@example.com'], 'short\n')
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('비밀번호는 8자 이상이어야 합니다.')
    const bad = await run(['not-an-email', 'long-enough-pw'], '')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('올바른 이메일 주소를 입력해 주세요.')
  })
})
