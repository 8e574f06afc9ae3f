import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {TestProject} from 'vitest/node'
import {startIsolatedStack} from '#scripts/lib/isolated-stack.ts'
import {freePort} from '#scripts/lib/processes.ts'
import {isError} from '#scripts/lib/service-output.ts'
import {nextTotpCode, staffSignIn} from '#scripts/lib/totp-codes.ts'
import {parseStaffAccounts} from '#netlify/functions/_shared/auth/admin-users.ts'
import {hashPassword} from '#netlify/functions/_shared/auth/password.ts'
import {newTotpSecret} from '#shared/auth/totp.ts'
import {buildStudio} from './studio-build.ts'
import {startTotpDesk, type TotpDesk} from './totp-desk.ts'

const REGISTER_RATE_LIMIT = 100_000

/**
 * The counsellor's site: the seed's second one. The other one is not theirs, and the default
 * site, which most files register on, has no counsellor: its new leads go to the administrator.
 */
const COUNSELLOR_SITE = 'yangsan-riverpark'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    lakeUrl: string
    /** The stack's local Netlify Database (NETLIFY_DB_URL of the functions and the lake). */
    databaseUrl: string
    /** Registrations per address per 10 minutes: far above what the other files send. */
    registerRateLimit: number
    formServiceUrl: string
    adminEmail: string
    adminPassword: string
    /** A counsellor of one site (`counsellorSite`), beside the administrator. */
    counsellorEmail: string
    counsellorPassword: string
    counsellorSite: string
    /** Where a test gets an account's next unused app code (totp-desk.ts). */
    totpDeskUrl: string
    /**
     * Counsellors of ADMIN_USERS without a second factor, one per viewport of the browser
     * test that enrols one (their site is no real site: they take no lead's turn).
     */
    enrollingCounsellors: Array<{email: string; password: string}>
    writeToken: string
    /** The built site being served (build/client of this run's own build folder). */
    clientDir: string
    /**
     * Values only the functions may hold: the write token, the auth secret, the edge proxy's
     * secret, admin hashes.
     */
    serverSecrets: string[]
    /** Where a Studio built against this stack's lake must be served: the lake trusts it. */
    studioUrl: string
    /** The Studio, built once for every Studio test (studio-build.ts). */
    studioBuildDir: string
    /** What listens behind the edge proxy (netlify-cli's own ports), by name. */
    internalUrls: Record<string, string>
    /** The slug of the site the site settings name as the default (the seed's). */
    defaultSite: string
  }
}

async function defaultSiteOf(lakeUrl: string): Promise<string> {
  const query = encodeURIComponent('*[_id == "siteSettings"][0].defaultSite->slug.current')
  const answer = await fetch(`${lakeUrl}/v2025-02-19/data/query/production?query=${query}`)
  return ((await answer.json()) as {result: string}).result
}

/**
 * Enrols an account's authenticator app through the API, as its owner does at the first
 * sign-in, and gives the desk its secret.
 */
async function enrolApp(
  siteUrl: string,
  account: {email: string; password: string},
  desk: TotpDesk,
): Promise<void> {
  const post = async (path: string, body: object, token: string) => {
    const answer = await fetch(`${siteUrl}${path}`, {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
      body: JSON.stringify(body),
    })
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
    return (await answer.json()) as Record<string, string>
  }
  // The password alone: an account without a factor may enrol one.
  const token = await staffSignIn(siteUrl, account, '')
  const {secret, enrolment} = await post('/api/admin/totp/enrolment', {}, token)
  desk.add(account.email, secret ?? '', recoveryCodesOf(siteUrl, account))
  await post('/api/admin/totp', {enrolment, code: await nextTotpCode(secret ?? '')}, token)
}

/**
 * Eight new recovery codes of `account`, made by a sign-in with its app's code, as its owner
 * makes them in 2단계 인증.
 */
function recoveryCodesOf(
  siteUrl: string,
  account: {email: string; password: string},
): (appCode: string) => Promise<string[]> {
  return async (appCode) => {
    const token = await staffSignIn(siteUrl, account, appCode)
    const answer = await fetch(`${siteUrl}/api/admin/recovery-codes`, {
      method: 'POST',
      headers: {authorization: `Bearer ${token}`},
    })
    if (!answer.ok) throw new Error(`recovery codes answered ${answer.status}`)
    return ((await answer.json()) as {recoveryCodes: string[]}).recoveryCodes
  }
}

/**
 * Starts the same stack as `npm start`, on free ports with a fresh DATA_DIR, plus the
 * fake external form-collection service, and stops all of it afterwards (also when a
 * test fails or the run is interrupted).
 */
export default async function setup(project: TestProject) {
  const started = Date.now()
  const studioUrl = `http://localhost:${await freePort()}`
  // Built while the stack starts: much of a start is waiting on services.
  const studioBuildDir = mkdtempSync(join(tmpdir(), 'studio-build-'))
  const studioBuild = buildStudio(studioBuildDir).then(
    () => null,
    (error: unknown) => error,
  )
  // The accounts are known before the stack starts, so ADMIN_USERS can hold them all.
  const password = () => randomBytes(12).toString('base64url')
  const admin = {email: 'admin@localhost', password: password(), totpSecret: newTotpSecret()}
  const counsellor = {email: 'counsellor@localhost', password: password()}
  const enrollingCounsellors = ['desktop', 'narrow'].map((viewport) => ({
    email: `enrol-${viewport}@localhost`,
    password: password(),
  }))
  const entry = async ({email, password}: {email: string; password: string}, sites = '') =>
    `${email}:${await hashPassword(password)}${sites ? `:${sites}` : ''}`
  const adminUsers = [
    await entry(admin),
    await entry(counsellor, COUNSELLOR_SITE),
    ...(await Promise.all(enrollingCounsellors.map((c) => entry(c, 'second-factor')))),
  ].join(',')
  const {stack, formService, stop} = await startIsolatedStack('browser tests', {
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_TOTP_SECRET: admin.totpSecret,
      ADMIN_USERS: adminUsers,
      LAKE_STUDIO_ORIGINS: studioUrl,
      // Every browser test comes from 127.0.0.1: no file reaches this limit but the one that
      // fills its counter on purpose (registration-limit.e2e.ts).
      REGISTER_RATE_LIMIT: String(REGISTER_RATE_LIMIT),
      // The same for sign-ins: every staff test signs in from 127.0.0.1 (sign-in.test.ts has
      // the limit's tests).
      SIGN_IN_RATE_LIMIT: '100000',
      // The same for press views, which every press page counts (press-views.test.ts has its
      // limits).
      PRESS_VIEWS_RATE_LIMIT: '100000',
      // The same for the data page's codes (codes.test.ts has their limits).
      VISITOR_CODE_RATE_LIMIT: '100000',
      // The same for the edge proxy's share of function slots (edge-proxy.test.ts has its test).
      EDGE_SLOTS_PER_CLIENT: '8',
      // The load test's 50 at once queue behind each other: its wait measures the machine.
      EDGE_QUEUE_DEADLINE_S: '600',
      // The outbox jobs run every 2 s and retry a failure after 2 s, not a minute: the
      // outage test waits for the retry, not the clock (the backoff has its unit tests).
      RETRY_INTERVAL_S: '2',
      RETRY_BACKOFF_S: '2',
      // Forwarding that fails alarms after 6 s, not 30 minutes: the alarm's test waits for the
      // incident, not the clock (the rule has its unit tests).
      FORWARDING_ALARM_AFTER_S: '6',
      // Every warm instance reads the texts' content (templates, staff phones) again after
      // 2 s, not a minute: the workspace test sets the staff phones and waits for them.
      TEXT_CONTENT_TTL_S: '2',
    },
    onLine: (source, line) => {
      if (process.env.E2E_VERBOSE || isError(line)) console.log(`[${source}] ${line}`)
    },
    onRebuild: (report) =>
      console.log(
        `site rebuilt after ${report.changes} published change(s) in ` +
          `${report.seconds} s${report.ok ? '' : `: FAILED ${report.reason}`}`,
      ),
  })
  const studioFailure = await studioBuild
  if (studioFailure) {
    await stop()
    throw studioFailure
  }
  const totpDesk = await startTotpDesk()
  totpDesk.add(admin.email, admin.totpSecret, recoveryCodesOf(stack.siteUrl, admin))
  try {
    await enrolApp(stack.siteUrl, counsellor, totpDesk)
  } catch (error) {
    await stop()
    await totpDesk.close()
    throw error
  }
  console.log(
    `stack ready at ${stack.siteUrl}, Studio built, in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  )

  project.provide('baseUrl', stack.siteUrl)
  project.provide('lakeUrl', stack.lakeUrl)
  project.provide('databaseUrl', stack.databaseUrl)
  project.provide('registerRateLimit', REGISTER_RATE_LIMIT)
  project.provide('formServiceUrl', formService.url)
  project.provide('studioUrl', studioUrl)
  project.provide('studioBuildDir', studioBuildDir)
  project.provide('adminEmail', stack.admin.email)
  project.provide('adminPassword', stack.admin.password)
  project.provide('counsellorEmail', counsellor.email)
  project.provide('counsellorPassword', counsellor.password)
  project.provide('counsellorSite', COUNSELLOR_SITE)
  project.provide('totpDeskUrl', totpDesk.url)
  project.provide('enrollingCounsellors', enrollingCounsellors)
  project.provide('clientDir', stack.clientDir)
  project.provide('internalUrls', stack.internalUrls)
  project.provide('defaultSite', await defaultSiteOf(stack.lakeUrl))
  project.provide('writeToken', stack.env.SANITY_WRITE_TOKEN ?? '')
  project.provide('serverSecrets', [
    stack.env.SANITY_WRITE_TOKEN ?? '',
    stack.env.AUTH_SECRET ?? '',
    stack.env.EDGE_PROXY_SECRET ?? '',
    admin.totpSecret,
    ...[...parseStaffAccounts(stack.env.ADMIN_USERS).values()].map((account) => account.hash),
  ])

  return async () => {
    await stop()
    await totpDesk.close()
    rmSync(studioBuildDir, {recursive: true, force: true})
  }
}
