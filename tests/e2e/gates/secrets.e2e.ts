import {expect, inject, it} from 'vitest'
import {builtFiles, readBuilt} from '../built-site.ts'

it('no server-side secret appears anywhere in the built client files', () => {
  const secrets = inject('serverSecrets')
  // The write token, the auth secret, the edge proxy's secret, the administrator's
  // authenticator-app secret and the password hashes of the stack's four accounts (the
  // administrator, the counsellor and the two counsellors who enrol their second factor).
  expect(secrets).toHaveLength(8)
  for (const secret of secrets) expect(secret.length).toBeGreaterThan(20)
  const leaks: string[] = []
  for (const file of builtFiles()) {
    const text = readBuilt(file)
    for (const secret of secrets) if (text.includes(secret)) leaks.push(file)
  }
  expect(leaks).toEqual([])
})
