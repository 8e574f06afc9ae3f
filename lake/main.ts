import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {checkSettings, readConfig} from '../config/settings.ts'
import {loadLocalSecrets, type LocalSecrets} from '../config/local-secrets.ts'
import {checkCredentials} from '../netlify/functions/_shared/auth/admin-users.ts'
import {hashPassword} from '../netlify/functions/_shared/auth/password.ts'
import {
  enrolledFactors,
  spendSecondFactorCode,
} from '../netlify/functions/_shared/auth/second-factor.ts'
import {guardedSignIn} from '../netlify/functions/_shared/auth/sign-in.ts'
import {Datasets} from './datasets.ts'
import {startLake} from './server.ts'

/**
 * `npm run lake`: the local Content Lake on LAKE_PORT, seeded from content/ on first start.
 * `npm run lake:reset` (`--reset-only`): wipe the stored datasets, seed SANITY_DATASET again, exit.
 */
const settings = checkSettings()
const config = readConfig()
const contentDir = 'content'
const log = (line: string) => console.log(line)

if (process.argv.includes('--reset-only')) {
  rmSync(join(config.dataDir, 'lake'), {recursive: true, force: true})
  const datasets = new Datasets({
    dataDir: config.dataDir,
    contentDir,
    projectId: config.projectId,
    baseUrl: `http://127.0.0.1:${config.lakePort}`,
    log,
  })
  await datasets.get(config.dataset)
  await datasets.close()
  log(`Content Lake data in ${join(config.dataDir, 'lake')} reset from ${contentDir}/`)
} else {
  // The embedded default keeps its token and administrator in DATA_DIR; an environment
  // that sets the token is configured on purpose and gets no local secrets.
  const local = config.writeToken === undefined ? loadLocalSecrets(config.dataDir) : undefined
  const writeToken = config.writeToken ?? (local as LocalSecrets).writeToken
  // Studio editors sign in as the site's administrators (ADMIN_USERS, or the local one),
  // through the functions' guarded sign-in, on the database NETLIFY_DB_URL names (the
  // stack's, or the one `npm run studio` starts). This entry point is the lake's only tie
  // to the functions' code: the rest of the lake takes the sign-in as a parameter.
  const adminUsers =
    settings.ADMIN_USERS ??
    (local ? `${local.adminEmail}:${await hashPassword(local.adminPassword)}` : '')
  // The second factor reads the same accounts, the bootstrap administrator's app secret
  // (ADMIN_TOTP_SECRET, or the local one) and the secret that seals enrolled apps' secrets.
  const factorEnv = {
    ADMIN_USERS: adminUsers,
    ADMIN_TOTP_SECRET: settings.ADMIN_TOTP_SECRET ?? local?.adminTotpSecret,
    AUTH_SECRET: settings.AUTH_SECRET ?? local?.authSecret,
  }
  // The Studio dev server by default; the Studio origins are CORS origins too.
  const studioOrigins = settings.LAKE_STUDIO_ORIGINS
  // The site's own pages, and whatever else is named (a proxy in front, a preview host).
  const corsOrigins = [new URL(config.siteUrl).origin, ...settings.LAKE_CORS_ORIGINS]
  const lake = await startLake({
    port: config.lakePort,
    dataDir: config.dataDir,
    contentDir,
    datasets: [config.dataset],
    projectId: config.projectId,
    writeToken,
    corsOrigins,
    studioOrigins: studioOrigins.length > 0 ? studioOrigins : ['http://localhost:3333'],
    signIn: (email, password, code, visitor) =>
      guardedSignIn(
        {email, password, code, requireSecondFactor: true, visitor, channel: 'studio'},
        {
          check: (given, typed) => checkCredentials(given, typed, {ADMIN_USERS: adminUsers}),
          spendCode: (given, typed, now) => spendSecondFactorCode(given, typed, now, factorEnv),
          enrolled: (given) => enrolledFactors(given, factorEnv),
        },
      ),
    log,
  }).catch((error: unknown) => {
    console.error(`Content Lake could not start: ${(error as Error).message}`)
    process.exit(1)
  })
  log(`Content Lake listening on ${lake.url}`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log(`Content Lake stopping (${signal})`)
    lake.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
