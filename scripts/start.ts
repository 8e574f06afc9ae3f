/**
 * `npm start` (and `npm run dev` with --dev): the Content Lake, the site built against
 * it and the functions, served like production on PORT. Ctrl-C stops everything.
 */
import {existsSync} from 'node:fs'
import {readConfig, setting} from '../config/settings.ts'
import {stopAll, stopAllOnExit, stopAllWhenLauncherExits} from './lib/processes.ts'
import {isTrouble} from './lib/service-output.ts'
import {startStack} from './lib/stack.ts'
import {signInLines} from './lib/start-logins.ts'

// Local overrides of the defaults (see .env.example); netlify-cli reads the same file.
if (existsSync('.env')) process.loadEnvFile('.env')

const dev = process.argv.includes('--dev')
const verbose = process.argv.includes('--verbose') || dev

stopAllOnExit()
// A SIGTERM sent to npm alone never reaches this process (see stopAllWhenLauncherExits).
stopAllWhenLauncherExits()
const started = Date.now()
console.log(dev ? '개발 서버를 시작합니다…' : '콘텐츠 레이크를 시작하고 사이트를 빌드합니다…')

const stack = await startStack({
  mode: dev ? 'dev' : 'serve',
  onLine: (source, line) => {
    if (verbose || isTrouble(line)) console.log(`[${source}] ${line}`)
  },
  onRebuild: (report) => {
    const time = new Date().toTimeString().slice(0, 8)
    const what = `게시된 변경 ${report.changes}건`
    if (report.ok)
      console.log(
        `[${time}] 사이트를 다시 빌드해 교체했습니다 (${what}, ${report.seconds.toFixed(1)}초)`,
      )
    else
      console.log(
        `[${time}] 사이트를 다시 빌드하지 못했습니다 (${what}, ${report.seconds.toFixed(1)}초). ` +
          `마지막으로 성공한 사이트를 계속 제공합니다.\n  ${report.reason}`,
      )
  },
}).catch(async (error: unknown) => {
  console.error(`시작하지 못했습니다: ${error instanceof Error ? error.message : String(error)}`)
  await stopAll()
  process.exit(1)
})

const config = readConfig(stack.env)
// The key of ADMIN_TOTP_SECRET is printed only when this start generated it.
const generatedLogin = {
  email: stack.admin.email,
  password: stack.admin.password,
  totpSecret: setting('ADMIN_TOTP_SECRET') ? undefined : stack.admin.totpSecret,
}
console.log(`
사이트: ${stack.siteUrl}   (준비까지 ${((Date.now() - started) / 1000).toFixed(1)}초)
콘텐츠 레이크: ${stack.lakeUrl}   데이터: ${config.dataDir}
${(await signInLines(setting('ADMIN_USERS', stack.env), generatedLogin)).join('\n')}
스튜디오: 다른 터미널에서 npm run studio (http://localhost:3333, 같은 로그인)
멈추려면 Ctrl-C를 누르세요.`)
