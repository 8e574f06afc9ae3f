import {randomBytes} from 'node:crypto'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

/**
 * Secrets for the embedded default, made once per DATA_DIR and kept there, so that a
 * second `npm start` (and a lake started on its own) reuse the same write token and
 * administrator password. Production never uses this: it sets real variables.
 */
export interface LocalSecrets {
  writeToken: string
  authSecret: string
  adminEmail: string
  adminPassword: string
}

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'local-secrets.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets
  } catch {
    const secrets: LocalSecrets = {
      writeToken: `sk${randomBytes(24).toString('hex')}`,
      authSecret: randomBytes(32).toString('base64url'),
      adminEmail: 'admin@localhost',
      adminPassword: randomBytes(9).toString('base64url'),
    }
    mkdirSync(dataDir, {recursive: true})
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, {mode: 0o600})
    return secrets
  }
}
