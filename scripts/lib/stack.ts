import {randomBytes} from 'node:crypto'
import {resolve} from 'node:path'
import {checkSettings, readConfig} from '#config/settings.ts'
import {loadLocalSecrets} from '#config/local-secrets.ts'
import {hashPassword} from '#netlify/functions/_shared/auth/password.ts'
import {
  SCHEDULE_SIGNATURE_HEADER,
  signScheduledRun,
} from '#netlify/functions/_shared/scheduled-runs.ts'
import {EDGE_SECRET_ENV} from '#netlify/functions/_shared/gates/visitor.ts'
import {startEdgeProxy} from './edge-proxy.ts'
import {configHeaderRules, headersFor} from './header-rules.ts'
import {startDatabaseService} from './local-database.ts'
import {
  clearServedFolder,
  forgetNextDueMarkers,
  keepNetlifyDevOffTheDatabase,
  type NetlifyCliPorts,
  netlifyCliArgs,
  netlifyCliEnv,
  worthShowing,
} from './netlify-cli/index.ts'
import {freePort, type Service, ServiceExitedError, startService, waitForUrl} from './processes.ts'
import {followPublishedChanges, type RebuildReport} from './site-rebuilds.ts'

export interface StackOptions {
  /** The environment to read settings from and to pass on (defaults to process.env). */
  env?: NodeJS.ProcessEnv
  /** `serve` builds and serves like production; `dev` runs `netlify dev` with hot reload. */
  mode?: 'serve' | 'dev'
  onLine?: (source: 'database' | 'lake' | 'site', line: string) => void
  /** Each rebuild after a published change (`serve` mode), as it ends. */
  onRebuild?: (report: RebuildReport) => void
}

export interface Stack {
  siteUrl: string
  lakeUrl: string
  /** The local Netlify Database the functions and the lake use (NETLIFY_DB_URL). */
  databaseUrl: string
  /** The local administrator, with the authenticator-app secret its codes come from. */
  admin: {email: string; password: string; totpSecret: string}
  /** The environment the services run with (secrets included): for tests of this stack. */
  env: NodeJS.ProcessEnv
  /** The folder of static files being served. */
  clientDir: string
  /** What listens behind the edge proxy (netlify-cli's ports), by name: for tests of the bypass. */
  internalUrls: Record<string, string>
  stop(): Promise<void>
}

const BUILD_TIMEOUT_MS = 10 * 60 * 1000

/** netlify-cli's words when a port it was told to use is taken (`Could not acquire …`). */
const PORT_TAKEN = /could not acquire|EADDRINUSE/i

/**
 * netlify-cli on ports picked for it, and on others when one was taken between the pick
 * and netlify-cli binding it: it then ends at once, before its build.
 */
async function startNetlifyCli(
  mode: 'serve' | 'dev',
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): Promise<{site: Service; ports: NetlifyCliPorts}> {
  for (let attempt = 1; ; attempt++) {
    const ports = {
      framework: await freePort(),
      runtime: await freePort(),
      functions: await freePort(),
    }
    const site = startService(
      'netlify-cli',
      'node_modules/.bin/netlify',
      netlifyCliArgs(mode, ports),
      {
        env: netlifyCliEnv(mode, env),
        onLine,
      },
    )
    try {
      await waitForUrl(`http://localhost:${ports.runtime}/`, {
        timeoutMs: BUILD_TIMEOUT_MS,
        service: site,
      })
      return {site, ports}
    } catch (error) {
      await site.stop()
      const portTaken =
        error instanceof ServiceExitedError && error.lastLines.some((line) => PORT_TAKEN.test(line))
      if (!portTaken || attempt === 3) throw error
    }
  }
}

/**
 * Starts what `npm start` runs: the local Netlify Database, the Content Lake, then the
 * site and functions under netlify-cli, with the local secrets of DATA_DIR. The browser
 * tests start the same.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const baseEnv = options.env ?? process.env
  // A wrong value stops the start here, with its name, not a function's first request.
  const settings = checkSettings(baseEnv)
  const config = readConfig(baseEnv)
  const dataDir = resolve(config.dataDir)
  const secrets = loadLocalSecrets(dataDir)
  const admin = {
    email: settings.ADMIN_EMAIL ?? secrets.adminEmail,
    password: settings.ADMIN_PASSWORD ?? secrets.adminPassword,
    totpSecret: settings.ADMIN_TOTP_SECRET ?? secrets.adminTotpSecret,
  }
  const writeToken = config.writeToken ?? secrets.writeToken
  const authSecret = settings.AUTH_SECRET ?? secrets.authSecret
  const lakeUrl = config.apiHost ?? `http://127.0.0.1:${config.lakePort}`
  const services: Array<Pick<Service, 'stop'>> = []
  const stop = async () => {
    for (const service of services.reverse()) await service.stop()
  }
  // Netlify provisions the database in production and hands the functions its connection
  // in NETLIFY_DB_URL; netlify-cli's `serve` starts none, so the stack does.
  const database = await startDatabaseService(dataDir, {
    env: baseEnv,
    onLine: (line) => options.onLine?.('database', line),
  })
  if (database.service) services.push(database.service)
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    PORT: String(config.port),
    LAKE_PORT: String(config.lakePort),
    DATA_DIR: dataDir,
    SITE_URL: config.siteUrl,
    SANITY_PROJECT_ID: config.projectId,
    SANITY_DATASET: config.dataset,
    SANITY_API_VERSION: config.apiVersion,
    SANITY_API_HOST: lakeUrl,
    SANITY_WRITE_TOKEN: writeToken,
    AUTH_SECRET: authSecret,
    ADMIN_USERS: settings.ADMIN_USERS ?? `${admin.email}:${await hashPassword(admin.password)}`,
    ADMIN_TOTP_SECRET: admin.totpSecret,
    NETLIFY_DB_URL: database.url,
    NETLIFY_DB_DRIVER: 'server',
    // netlify-cli runs no schedules: this stack runs them, signed
    // (netlify/functions/_shared/scheduled-runs.ts).
    LOCAL_SCHEDULER: '1',
    // The test runner's NODE_ENV=test would give the build React's development bundle.
    NODE_ENV: options.mode === 'dev' ? 'development' : 'production',
    BROWSER: 'none',
    NETLIFY_TELEMETRY_DISABLED: '1',
    // The edge proxy's word to the functions that it vouches for the visitor's address
    // (netlify/functions/_shared/gates/visitor.ts): new for every start, never written down.
    [EDGE_SECRET_ENV]: randomBytes(32).toString('base64url'),
  }

  // netlify.toml publishes build/client; netlify-cli has no working override for `serve`.
  // After a published change it is a link to the newest good build in buildsDir.
  const clientDir = resolve('build/client')
  const buildsDir = resolve('.netlify/site-builds')
  try {
    const lake = startService('Content Lake', 'node_modules/.bin/tsx', ['lake/main.ts'], {
      env,
      onLine: (line) => options.onLine?.('lake', line),
    })
    services.push(lake)
    await waitForUrl(`${lakeUrl}/health`, {timeoutMs: 60_000, service: lake, expectStatus: 200})

    clearServedFolder({clientDir, buildsDir})
    forgetNextDueMarkers()
    if (options.mode === 'dev') keepNetlifyDevOffTheDatabase()
    const {site, ports} = await startNetlifyCli(options.mode ?? 'serve', env, (line) =>
      worthShowing(line) ? options.onLine?.('site', line) : undefined,
    )
    services.push(site)
    // Visitors reach netlify-cli through what Netlify's edge does in production (edge-proxy.ts).
    const headerRules = await configHeaderRules(resolve('netlify.toml'))
    const edge = await startEdgeProxy(`http://localhost:${ports.runtime}`, {
      port: config.port,
      cacheControl: (path) => headersFor(path, headerRules).get('cache-control'),
      secret: env[EDGE_SECRET_ENV],
      // One load generator is one address: the benchmark and the browser tests raise both.
      functionSlotsPerClient: settings.EDGE_SLOTS_PER_CLIENT,
      queueDeadlineMs: settings.EDGE_QUEUE_DEADLINE_S * 1000,
    })
    services.push({stop: () => edge.close()})
    if (options.mode !== 'dev') {
      // Published edits reach the served site without a restart (the dev server reads the lake
      // itself).
      const rebuilds = followPublishedChanges({
        lake: {
          url: lakeUrl,
          projectId: config.projectId,
          dataset: config.dataset,
          apiVersion: config.apiVersion,
        },
        env,
        clientDir,
        buildsDir,
        edge,
        runtimeUrl: `http://localhost:${ports.runtime}`,
        onReport: (report) => options.onRebuild?.(report),
      })
      services.push({stop: () => rebuilds.stop()})
    }
    const siteUrl = `http://localhost:${config.port}`
    const intervalS = settings.RETRY_INTERVAL_S
    const stopSchedules = SCHEDULED_FUNCTIONS.map((name) =>
      runScheduledEvery(siteUrl, authSecret, name, intervalS),
    )
    const stopDailySchedules = DAILY_FUNCTIONS.map((name) =>
      runScheduledEvery(siteUrl, authSecret, name, intervalS, intervalS * DAILY_SLOWER),
    )
    return {
      siteUrl,
      lakeUrl,
      databaseUrl: database.url,
      admin,
      env,
      clientDir,
      internalUrls: {
        'netlify-cli': `http://localhost:${ports.runtime}`,
        'netlify-cli functions': `http://localhost:${ports.functions}`,
        [options.mode === 'dev' ? 'dev server' : 'netlify-cli static server']:
          `http://localhost:${ports.framework}`,
      },
      async stop() {
        for (const stopSchedule of [...stopSchedules, ...stopDailySchedules]) stopSchedule()
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The scheduled functions: the lead delivery's outbox, the texts' outbox, the no-shows and the
 * publishes' follow-up build (which starts nothing without a build hook, as locally).
 */
const SCHEDULED_FUNCTIONS = [
  'deliver-leads',
  'send-texts',
  'no-shows',
  'publish-follow-up',
] as const
/**
 * The functions Netlify runs daily: the retention job, the consents' reminders, the
 * provider's 080 refusals and the visits' reminders. The stack runs each once an interval
 * after it starts, then DAILY_SLOWER times less often than the others: a run of each every
 * 2 s would double the browser tests' background calls for nothing.
 */
const DAILY_FUNCTIONS = [
  'destroy-expired',
  'consent-reminders',
  'provider-refusals',
  'visit-reminders',
] as const
const DAILY_SLOWER = 10

/**
 * Netlify runs the scheduled functions in production; netlify-cli does not run
 * schedules, so the local stack calls each on an interval (the first after `intervalS`, the
 * others after `laterS`), each call signed with the auth secret (an anonymous call starts
 * nothing). A run that takes longer than the interval delays the next one rather than
 * overlapping it, as a schedule would.
 */
function runScheduledEvery(
  siteUrl: string,
  secret: string,
  name: (typeof SCHEDULED_FUNCTIONS)[number] | (typeof DAILY_FUNCTIONS)[number],
  intervalS: number,
  laterS = intervalS,
): () => void {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const runOnce = async () => {
    try {
      const response = await fetch(`${siteUrl}/.netlify/functions/${name}`, {
        method: 'POST',
        headers: {[SCHEDULE_SIGNATURE_HEADER]: signScheduledRun(name, secret)},
      })
      await response.body?.cancel()
    } catch {
      // The site is stopping or restarting: the next round tries again.
    }
    if (!stopped) schedule()
  }
  let wait = intervalS
  const schedule = () => {
    timer = setTimeout(() => void runOnce(), wait * 1000)
    timer.unref()
    wait = laterS
  }
  schedule()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
