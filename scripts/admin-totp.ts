/**
 * `npm run admin:totp`: the code the local administrator's authenticator app would show now,
 * from ADMIN_TOTP_SECRET (`.env` or the environment) or the one `npm start` keeps in DATA_DIR,
 * so a developer signs in without a phone. A code signs in once: for the next sign-in, wait
 * for the next code.
 */
import {existsSync} from 'node:fs'
import {readConfig, setting} from '../config/settings.ts'
import {loadLocalSecrets} from '../config/local-secrets.ts'
import {readTotpSecret, TOTP_PERIOD_S, totpCode} from '../shared/auth/totp.ts'

if (existsSync('.env')) process.loadEnvFile('.env')

const secret = readTotpSecret(
  setting('ADMIN_TOTP_SECRET') || loadLocalSecrets(readConfig().dataDir).adminTotpSecret,
)
if (!secret) {
  console.error('ADMIN_TOTP_SECRET이 base32 비밀 키가 아닙니다 (80비트 이상이어야 합니다).')
  process.exit(1)
}
const now = Date.now()
const left = TOTP_PERIOD_S - (Math.floor(now / 1000) % TOTP_PERIOD_S)
console.log(`${totpCode(secret, now)}`)
console.error(`(${left}초 동안 유효합니다. 한 번 쓴 코드는 다시 쓸 수 없습니다.)`)
