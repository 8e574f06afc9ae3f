/**
 * `npm run studio`: the Sanity Studio dev server on http://localhost:3333. Against the local
 * lake (the embedded default) it starts the lake too when nothing answers on LAKE_PORT, with
 * the local Netlify Database the lake's sign-in counts attempts in (the one `npm start` runs
 * for DATA_DIR, or its own), and prints the account to sign in with. Ctrl-C stops what it
 * started.
 */
import {existsSync} from 'node:fs'
import {checkSettings, readConfig, setting} from '../config/settings.ts'
import {loadLocalSecrets} from '../config/local-secrets.ts'
import {startDatabaseService} from './lib/local-database.ts'
import {
  startService,
  stopAll,
  stopAllOnExit,
  stopAllWhenLauncherExits,
  waitForUrl,
} from './lib/processes.ts'
import {isTrouble} from './lib/service-output.ts'

if (existsSync('.env')) process.loadEnvFile('.env')
checkSettings()
const config = readConfig()
const studioUrl = 'http://localhost:3333'
const print = (source: string) => (line: string) => console.log(`[${source}] ${line}`)
// The lake logs every request; only its problems belong on this console.
const printProblems = (source: string) => (line: string) => {
  if (isTrouble(line)) print(source)(line)
}

stopAllOnExit()
stopAllWhenLauncherExits()

if (config.apiHost) {
  const lakeAnswers = await fetch(`${config.apiHost}/health`, {
    signal: AbortSignal.timeout(2000),
  }).then(
    (response) => response.ok,
    () => false,
  )
  if (!lakeAnswers) {
    console.log(`콘텐츠 레이크를 시작합니다 (${config.apiHost})…`)
    const database = await startDatabaseService(config.dataDir, {
      onLine: printProblems('database'),
    }).catch(async (error: unknown) => {
      console.error(`데이터베이스를 시작하지 못했습니다: ${(error as Error).message}`)
      await stopAll()
      process.exit(1)
    })
    const env = {...process.env, NETLIFY_DB_URL: database.url, NETLIFY_DB_DRIVER: 'server'}
    const lake = startService('Content Lake', 'node_modules/.bin/tsx', ['lake/main.ts'], {
      env,
      onLine: printProblems('lake'),
    })
    await waitForUrl(`${config.apiHost}/health`, {
      timeoutMs: 60_000,
      service: lake,
      expectStatus: 200,
    }).catch(async (error: unknown) => {
      console.error(`콘텐츠 레이크를 시작하지 못했습니다: ${(error as Error).message}`)
      await stopAll()
      process.exit(1)
    })
  }
  const secrets = loadLocalSecrets(config.dataDir)
  console.log(`
스튜디오: ${studioUrl}   (콘텐츠 레이크: ${config.apiHost})
로그인: 스튜디오에서 '로컬 관리자 계정'을 누른 뒤 ${
    setting('ADMIN_USERS')
      ? '직원 계정(ADMIN_USERS 또는 직원 관리의 계정)의 이메일과 비밀번호를'
      : `이메일 ${secrets.adminEmail}, 비밀번호 ${secrets.adminPassword} 를 (또는 직원 관리의 다른 계정을)`
  } 입력하고, 인증 코드에는 인증 앱의 6자리 코드(로컬 관리자는 npm run admin:totp가 보여 주는 코드)를 입력하세요.
멈추려면 Ctrl-C를 누르세요.`)
} else {
  console.log(
    `스튜디오: ${studioUrl}   (Sanity 프로젝트 ${config.projectId}, 데이터셋 ${config.dataset})`,
  )
}

const studio = startService(
  'Sanity Studio',
  'node_modules/.bin/sanity',
  ['dev', '--port', '3333'],
  {env: process.env, onLine: print('studio')},
)
studio.child.on('exit', (code) => {
  void stopAll().then(() => process.exit(code ?? 0))
})
