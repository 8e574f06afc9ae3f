import {randomBytes} from 'node:crypto'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {newTotpSecret} from '../shared/auth/totp.ts'

/**
 * Secrets for the embedded default, made once per DATA_DIR and kept there, so that a
 * second `npm start` (and a lake started on its own) reuse the same write token,
 * administrator password and authenticator-app secret. Production never uses this: it sets
 * real variables.
 */
export interface LocalSecrets {
  writeToken: string
  authSecret: string
  adminEmail: string
  adminPassword: string
  /** The local administrator's second factor (ADMIN_TOTP_SECRET); `npm run admin:totp`. */
  adminTotpSecret: string
}

function newSecrets(): LocalSecrets {
  return {
    writeToken: `sk${randomBytes(24).toString('hex')}`,
    authSecret: randomBytes(32).toString('base64url'),
    adminEmail: 'admin@localhost',
    adminPassword: randomBytes(9).toString('base64url'),
    adminTotpSecret: newTotpSecret(),
  }
}

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'local-secrets.json')
  let kept: Partial<LocalSecrets> = {}
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>
  } catch {
    // None yet: all of them are made below.
  }
  // A DATA_DIR from before a secret existed gets that one added, the others kept.
  const secrets = {...newSecrets(), ...kept}
  if (Object.keys(secrets).some((key) => !(key in kept))) {
    mkdirSync(dataDir, {recursive: true})
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, {mode: 0o600})
  }
  return secrets
}
