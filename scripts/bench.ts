/**
 * `npm run bench`: starts the stack like `npm start` (fresh DATA_DIR, free ports, a fake
 * delivery target), then measures the site's main pages with Lighthouse (mobile and
 * desktop) and the two hot endpoints with autocannon. Prints one table per tool and
 * writes bench-results.json (git-ignored); every Lighthouse report is kept as JSON in a
 * folder it names, to read the failing audits.
 *
 * `npm run bench -- /Brand/intro /` measures only the pages given (and skips the load test);
 * `--runs=N` runs Lighthouse N times per page and form factor instead of 3.
 * The home page on a phone is measured twice: with Lighthouse's simulated throttling, as every
 * page, and with the throttling applied to the load itself (bench-budgets.ts, `Throttling`).
 * `npm run bench -- leads` measures only the leads: the staff endpoints over 20,000 leads
 * and 1,000 registrations across an outage of the delivery target (scripts/lib/lead-bench.ts).
 * `npm run bench -- visits` measures only the visit slots and bookings, in this process,
 * without the stack (scripts/lib/visit-bench.ts), and the waiting list's race on the local
 * database and PostgreSQL (scripts/lib/waitlist-bench.ts).
 * `npm run bench -- codes` floods the privacy page's code form with 1,000 requests for one
 * number within a minute, in this process, on the local database and PostgreSQL
 * (scripts/lib/code-bench.ts): at most 5 texts, else it exits 1.
 * `npm run bench -- flood` measures only a visitor's reads while registrations flood from
 * 100 addresses (scripts/lib/flood-bench.ts).
 * `npm run bench -- lake` measures only the lake, in this process, without the stack
 * (lake/bench.ts): the press list's query, refusals of costly queries, large renditions.
 * `npm run bench -- access` measures only the access record, in this process, without the
 * stack (scripts/lib/access-bench.ts): what recording adds to a lead list, and the monthly
 * review over 200,000 rows. A whole run ends with it.
 * `npm run bench -- check-in` measures only a check-in at the door on the stack, by QR code
 * and by code, and one QR code scanned by two staff at once (scripts/lib/check-in-bench.ts);
 * the full run measures it too.
 */
import {spawn, spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {cpus, loadavg, tmpdir} from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import {createClient} from '@sanity/client'
import {readConfig} from '../config/settings.ts'
import {lakeQueryUrl} from '../shared/lake-query.ts'
import {PRESS_LIST_QUERY} from '../src/lib/queries.ts'
import {DEFAULT_BUDGET, weighPage} from '../src/build-steps/size-budgets.ts'
import {CHROMIUM_FLAGS, chromiumPath, hasChromium, hasHeadlessShell} from '../tests/e2e/chromium.ts'
import {ensureAptPackages} from './lib/apt-packages.ts'
import {
  budgetChecks,
  endpointChecks,
  measuredForm,
  registrationChecks,
  TARGETS,
  type Throttling,
} from './lib/bench-budgets.ts'
import {startEdgeProxy} from './lib/edge-proxy.ts'
import {lcpPhases} from './lib/lcp-phases.ts'
import {startIsolatedStack} from './lib/isolated-stack.ts'
import {ownerChecks} from './lib/owner-bench.ts'
import {benchLeads, REGISTRATIONS, SEEDED, type LeadBenchResult} from './lib/lead-bench.ts'
import {freePort} from './lib/processes.ts'
import {benchVisits} from './lib/visit-bench.ts'
import {benchWaitlist, FREED, WAITING, waitlistMet} from './lib/waitlist-bench.ts'
import {benchFlood, FLOOD_REGISTRATIONS} from './lib/flood-bench.ts'
import {accessChecks, benchAccess, type AccessBenchResult} from './lib/access-bench.ts'
import {
  benchCheckIn,
  CHECK_IN_RUNS,
  type CheckInBenchResult,
  checkInChecks,
} from './lib/check-in-bench.ts'
import {benchCodes, CODE_REQUESTS, codesMet, MAX_CODE_TEXTS} from './lib/code-bench.ts'
import {isError} from './lib/service-output.ts'

type FormFactor = 'mobile' | 'desktop'

interface FailingAudit {
  id: string
  category: string
  score: number
  title: string
  displayValue?: string
}

interface PageResult {
  path: string
  formFactor: FormFactor
  throttling: Throttling
  runs: number
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  /** The LCP's phases (scripts/lib/lcp-phases.ts), each the median of the runs. */
  ttfbMs: number
  loadDelayMs: number
  loadTimeMs: number
  renderDelayMs: number
  cls: number
  tbtMs: number
  transferKb: number
  /**
   * JavaScript the page loaded in Lighthouse's run, lazily loaded chunks included: all of it by
   * the time the page is idle.
   */
  jsKb: number
  /**
   * JavaScript the page loads before it is interactive, as the build's size budget weighs it
   * (gzip).
   */
  startJsKb: number
  /** The 1-minute load average of the machine when the page's runs ended. */
  load: number
  /**
   * Lighthouse's own CPU benchmark on this machine during the run (higher is faster). The
   * mobile figures multiply the machine's main-thread time by 4, so a slower or busier
   * machine inflates TBT and LCP: read them against this.
   */
  cpuIndex: number
  /** Audits below a full score (of the median run by performance), to fix. */
  failing: FailingAudit[]
  reports: string[]
}

interface LoadResult {
  target: string
  connections: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Connection errors and timeouts. */
  errors: number
  non2xx: number
}

/** Lighthouse runs per page and form factor: each figure is their median. */
const DEFAULT_RUNS = 3
/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART, NO_FCP): run again. */
const LIGHTHOUSE_ATTEMPTS = 3
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

interface LighthouseReport {
  runtimeError?: {code: string; message: string}
  environment: {benchmarkIndex: number}
  categories: Record<string, {score: number | null; auditRefs: {id: string; weight: number}[]}>
  audits: Record<
    string,
    {
      title: string
      score: number | null
      scoreDisplayMode: string
      displayValue?: string
      numericValue?: number
      details?: {items?: {resourceType?: string; transferSize?: number}[]}
    }
  >
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const round1 = (value: number) => Math.round(value * 10) / 10

function lighthouseOnce(
  url: string,
  formFactor: FormFactor,
  throttling: Throttling,
): Promise<LighthouseReport> {
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ...(throttling === 'applied' ? ['--throttling-method=devtools'] : []),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/lighthouse', args, {
      env: {...process.env, CHROME_PATH: chromiumPath()},
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    child.on('exit', (code) => {
      if (code !== 0)
        return reject(new Error(`lighthouse ${url} failed: ${err.trim().slice(-500)}`))
      const report = JSON.parse(out) as LighthouseReport
      // A lost trace still exits 0, with a runtime error and no scores.
      if (report.runtimeError)
        return reject(
          new Error(
            `lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`,
          ),
        )
      if (CATEGORIES.some((id) => typeof report.categories[id]?.score !== 'number')) {
        return reject(new Error(`lighthouse ${url}: a category has no score`))
      }
      resolve(report)
    })
  })
}

async function runLighthouse(
  url: string,
  formFactor: FormFactor,
  throttling: Throttling,
): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, formFactor, throttling)
    } catch (error) {
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error
      console.log(`  ${(error as Error).message.split('\n')[0]}: ${attempt + 1}번째 시도`)
    }
  }
}

function failingAudits(report: LighthouseReport): FailingAudit[] {
  return CATEGORIES.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = report.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1) return []
      // Informative and manual audits carry no score; metric savings only count if weighted.
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) return []
      return [
        {
          id: ref.id,
          category,
          score: audit.score,
          title: audit.title,
          displayValue: audit.displayValue,
        },
      ]
    }),
  )
}

function summarize(report: LighthouseReport) {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  const resources = report.audits['resource-summary']?.details?.items ?? []
  const scriptBytes = resources.find((item) => item.resourceType === 'script')?.transferSize ?? 0
  const phases = lcpPhases(report.audits['largest-contentful-paint-element'])
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    ttfbMs: phases?.ttfbMs ?? Number.NaN,
    loadDelayMs: phases?.loadDelayMs ?? Number.NaN,
    loadTimeMs: phases?.loadTimeMs ?? Number.NaN,
    renderDelayMs: phases?.renderDelayMs ?? Number.NaN,
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(value('total-blocking-time')),
    transferKb: round1(value('total-byte-weight') / 1024),
    jsKb: round1(scriptBytes / 1024),
    cpuIndex: Math.round(report.environment.benchmarkIndex),
  }
}

/** Runs Lighthouse `runs` times; each figure is the median of the runs. */
async function measurePage(
  url: string,
  pagePath: string,
  formFactor: FormFactor,
  throttling: Throttling,
  runs: number,
  startJsKb: number,
  reportDir: string,
): Promise<PageResult> {
  const reports: LighthouseReport[] = []
  const files: string[] = []
  for (let run = 0; run < runs; run++) {
    const report = await runLighthouse(url, formFactor, throttling)
    reports.push(report)
    const slug = (text: string) => text.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-$/, '')
    const name =
      `${slug(measuredForm({formFactor, throttling}))}${slug(pagePath) || '-home'}` +
      `${runs > 1 ? `-${run + 1}` : ''}.json`
    const file = path.join(reportDir, name)
    writeFileSync(file, JSON.stringify(report))
    files.push(file)
  }
  const summaries = reports.map(summarize)
  const pick = (key: keyof (typeof summaries)[number]) =>
    median(summaries.map((summary) => summary[key]))
  const medianPerformance = pick('performance')
  const medianRun =
    reports[summaries.findIndex((summary) => summary.performance === medianPerformance)]!
  return {
    path: pagePath,
    formFactor,
    throttling,
    runs,
    performance: medianPerformance,
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    ttfbMs: pick('ttfbMs'),
    loadDelayMs: pick('loadDelayMs'),
    loadTimeMs: pick('loadTimeMs'),
    renderDelayMs: pick('renderDelayMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    transferKb: pick('transferKb'),
    jsKb: pick('jsKb'),
    startJsKb,
    load: round1(loadavg()[0]!),
    cpuIndex: pick('cpuIndex'),
    failing: failingAudits(medianRun),
    reports: files,
  }
}

async function load(
  target: string,
  connections: number,
  options: autocannon.Options,
): Promise<LoadResult> {
  const result = await autocannon({connections, duration: 10, ...options})
  return {
    target,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts timeouts among the errors already.
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

/** Samples the 1-minute load average every 5 s, to tell how busy the machine was. */
function watchLoad() {
  const samples: number[] = [loadavg()[0]!]
  const timer = setInterval(() => samples.push(loadavg()[0]!), 5000)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      samples.push(loadavg()[0]!)
      const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length
      return {
        min: round1(Math.min(...samples)),
        mean: round1(mean),
        max: round1(Math.max(...samples)),
      }
    },
  }
}

/**
 * The lake renders each image size once, on its first request, and keeps it; Sanity's CDN
 * has long had every size a visitor asks for. Asking for every picture the measured pages
 * name (each srcset candidate) first keeps the lake's first renders out of the figures.
 */
async function warmImages(siteUrl: string, lakeUrl: string, paths: string[]): Promise<number> {
  const urls = new Set<string>()
  for (const pagePath of paths) {
    const html = await (await fetch(`${siteUrl}${pagePath}`)).text()
    for (const match of html.matchAll(/\s(?:src|href|srcset|imagesrcset)="([^"]+)"/gi)) {
      // Candidates are separated by a comma and a space; an address may hold commas (rect=).
      for (const candidate of match[1]!.replaceAll('&amp;', '&').split(/,\s+/)) {
        const url = candidate.trim().split(/\s+/)[0]!
        if (url.startsWith(`${lakeUrl}/images/`)) urls.add(url)
      }
    }
  }
  const queue = [...urls]
  await Promise.all(
    Array.from({length: 4}, async () => {
      for (let url = queue.pop(); url; url = queue.pop())
        await (await fetch(url, {headers: {accept: 'image/avif,image/webp,*/*'}})).arrayBuffer()
    }),
  )
  return urls.size
}

/**
 * Whether the machine has a font that draws Hangul, as every Korean visitor's phone has.
 * Without one, Chromium searches every installed font for each Hangul character until the
 * web fonts arrive, which adds about 350 ms of mobile TBT to the home page.
 */
function hasKoreanFont(): boolean {
  return spawnSync('fc-list', [':lang=ko', 'family'], {encoding: 'utf8'}).stdout?.trim().length > 0
}

if (process.argv.slice(2).includes('visits')) {
  const visits = await benchVisits((line) => console.log(line))
  console.log('\nVisits (handlers in this process, local database, the seed in a lake)')
  console.table([visits])
  console.log(
    `GET /api/visits/slots for 14 days: p50 ${visits.slotsP50Ms} ms (target: under 100 ms) ` +
      `${visits.slotsP50Ms < 100 ? '✓' : '✗'}; ${visits.raceBooked} of 50 concurrent bookings ` +
      `of a slot of ${visits.raceCapacity} got a seat`,
  )
  const waitlist = await benchWaitlist((line) => console.log(line))
  console.log(`\nThe waiting list: ${FREED} seats freed at once with ${WAITING} waiting`)
  console.table(waitlist)
  const met = waitlist.every(waitlistMet)
  for (const run of waitlist)
    console.log(
      `${run.database}: ${run.offers} offers, ${run.claims} claims, ${run.seats} of ` +
        `${run.capacity} seats (target: exactly ${FREED} and ${FREED}) ${waitlistMet(run) ? '✓' : '✗'}`,
    )
  process.exit(met ? 0 : 1)
}

if (process.argv.slice(2).includes('codes')) {
  const runs = await benchCodes((line) => console.log(line))
  console.log(`\nThe code form: ${CODE_REQUESTS} requests for one number within a minute`)
  console.table(runs)
  for (const run of runs)
    console.log(
      `${run.database}: ${run.texts} texts, ${run.accepted} codes, ${run.refused} refused, ` +
        `${run.failed} failed (target: at most ${MAX_CODE_TEXTS} texts, none failed) ` +
        `${codesMet(run) ? '✓' : '✗'}`,
    )
  process.exit(runs.every(codesMet) ? 0 : 1)
}

if (process.argv.slice(2).includes('flood')) {
  const countArg = process.argv.slice(2).find((arg) => arg.startsWith('--registrations='))
  const count = countArg
    ? Number.parseInt(countArg.slice('--registrations='.length), 10)
    : FLOOD_REGISTRATIONS
  const runs = await benchFlood((line) => console.log(line), count)
  console.log(
    '\nA visitor reading the slots of a visit every 0.5 s during a flood of registrations',
  )
  console.table(runs)
  const now = runs[0]!
  const met = now.readP95Ms <= TARGETS.floodReadP95Ms && now.stored === count
  console.log(
    `p95 ${now.readP95Ms} ms (target: ≤ ${TARGETS.floodReadP95Ms} ms), ` +
      `${now.stored} of ${count} registrations stored ${met ? '✓' : '✗'}`,
  )
  process.exit(met ? 0 : 1)
}

/** Prints the access record's figures. */
function reportAccess(access: AccessBenchResult): void {
  console.log(
    `\nThe access record (handlers in this process, local database; ${access.month} seeded ` +
      `in ${access.seedMs} ms)`,
  )
  console.table([
    {
      'list ms': access.listMs,
      'list recorded ms': access.listRecordedMs,
      'added ms': access.recordingAddsMs,
      'row write ms': access.writeMs,
    },
  ])
  console.table(access.reviews)
}

if (process.argv.slice(2).includes('access')) {
  const access = await benchAccess((line) => console.log(line))
  reportAccess(access)
  const checks = accessChecks(access)
  console.table(checks.map((check) => ({...check, met: check.met ? '✓' : '✗'})))
  process.exit(checks.every((check) => check.met) ? 0 : 1)
}

/** The check-in bench's figures, and whether two staff scanning one code recorded one arrival. */
function printCheckIn(result: CheckInBenchResult): boolean {
  console.log(
    `\nCheck-in at the door (a phone of 390x844; ${CHECK_IN_RUNS} runs each way; ` +
      'from the check-in request sent, and from the tap, to 방문완료 drawn)',
  )
  console.table(result.times)
  const once = result.arrivals === result.doubleScans && result.refused === result.doubleScans
  console.log(
    `${result.doubleScans} visitors' QR codes sent by two staff at once: ${result.arrivals} ` +
      `arrivals, ${result.refused} refused as checked in already ${once ? '✓' : '✗'}`,
  )
  return once
}

if (process.argv.slice(2).includes('check-in')) {
  if (!ensureAptPackages('Chromium', ['chromium-headless-shell'], hasHeadlessShell)) process.exit(1)
  console.log(
    '스택을 빌드하고 시작합니다… (load average ' +
      `${loadavg().map(round1).join(' ')}, ${cpus().length} cores)`,
  )
  const {stack, stop} = await startIsolatedStack('benchmark (check-in)', {
    env: {REGISTER_RATE_LIMIT: '0'},
  })
  let met = false
  try {
    const load = watchLoad()
    const result = await benchCheckIn(stack, (line) => console.log(line))
    const range = load.stop()
    printCheckIn(result)
    const checks = checkInChecks(result)
    console.table(
      checks.map(({check, value, target, met}) => ({check, value, target, met: met ? '✓' : '✗'})),
    )
    console.log(`Load average during the check-ins: ${range.min}–${range.max} (mean ${range.mean})`)
    met = checks.every((check) => check.met)
  } finally {
    await stop()
  }
  process.exit(met ? 0 : 1)
}

if (process.argv.slice(2).includes('lake')) {
  // lake/bench.ts measures and prints as it loads.
  await import('../lake/bench.ts')
  process.exit(0)
}

if (!ensureAptPackages('Chromium', ['chromium'], hasChromium)) process.exit(1)
if (!ensureAptPackages('Chromium', ['chromium-headless-shell'], hasHeadlessShell)) process.exit(1)
// Noto Sans CJK is the Korean system font of Android phones.
const koreanFont = ensureAptPackages('한글 시스템 글꼴', ['fonts-noto-cjk'], hasKoreanFont)
if (!koreanFont)
  console.warn('한글 시스템 글꼴 없이 측정합니다: 모바일 TBT가 방문자의 휴대폰보다 크게 나옵니다.')
const onlyPaths = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
const runsArg = process.argv.slice(2).find((arg) => arg.startsWith('--runs='))
const runs = runsArg ? Number.parseInt(runsArg.slice('--runs='.length), 10) : DEFAULT_RUNS
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs=N: N는 1 이상의 정수여야 합니다.')
  process.exit(1)
}
const onlyLeads = process.argv.slice(2).includes('leads')
const reportDir = path.join(
  tmpdir(),
  `bench-reports-${new Date().toISOString().replace(/[:.]/g, '-')}`,
)
mkdirSync(reportDir, {recursive: true})

console.log(
  '스택을 빌드하고 시작합니다… (load average ' +
    `${loadavg().map(round1).join(' ')}, ${cpus().length} cores)`,
)
// Pages are measured through a compressing proxy (Netlify's CDN compresses, netlify-cli
// does not); the site is built for the proxy's address, as a site is for its domain.
const proxyPort = await freePort()
const {stack, formService, stop} = await startIsolatedStack('benchmark', {
  // One load generator, one address: a per-visitor limit would measure itself. Retries
  // every 2 s, so that the leads bench sees the failed half delivered within its wait.
  env: {
    REGISTER_RATE_LIMIT: '0',
    EDGE_SLOTS_PER_CLIENT: '8',
    EDGE_QUEUE_DEADLINE_S: '600',
    SITE_URL: `http://localhost:${proxyPort}`,
    RETRY_INTERVAL_S: '2',
  },
  onLine: (source, line) => {
    if (isError(line)) console.log(`[${source}] ${line}`)
  },
})

try {
  const config = readConfig(stack.env)
  const client = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    apiHost: stack.lakeUrl,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'published',
  })
  const defaultSite = await client.fetch<string>(
    `*[_id == "siteSettings"][0].defaultSite->slug.current`,
  )
  const siteId = await client.fetch<string>(`*[_type == "site" && slug.current == $slug][0]._id`, {
    slug: defaultSite,
  })
  const postId = await client.fetch<string>(
    '*[_type == "press" && site._ref == $siteId && ' +
      'defined(date)] | order(date desc, _id desc)[0]._id',
    {siteId},
  )
  const allPaths = [
    '/',
    '/Brand/intro',
    '/FloorPlan/84A',
    '/LocationEnvironment/intro',
    '/ComplexGuide/intro',
    '/FloorPlan/Emodel',
    `/${defaultSite}/press`,
    `/${defaultSite}/press/${postId}`,
    `/${defaultSite}/customer`,
  ]
  const paths = onlyLeads ? [] : onlyPaths.length > 0 ? onlyPaths : allPaths

  // What each page loads before it is interactive, as the build's size budget weighs it.
  const startJsKb = new Map<string, number>()
  for (const pagePath of paths) {
    const file = path.join(
      stack.clientDir,
      ...pagePath.split('/').filter(Boolean).map(decodeURIComponent),
      'index.html',
    )
    startJsKb.set(
      pagePath,
      round1(
        (await weighPage(stack.clientDir, pagePath, readFileSync(file, 'utf8'))).scriptBytes / 1024,
      ),
    )
  }

  console.log(
    `이미지 ${await warmImages(stack.siteUrl, stack.lakeUrl, paths)}개를 미리 렌더링했습니다.`,
  )
  const proxy = await startEdgeProxy(stack.siteUrl, {port: proxyPort, compress: true})
  const pages: PageResult[] = []
  const lighthouseLoad = watchLoad()
  const measurements: {pagePath: string; formFactor: FormFactor; throttling: Throttling}[] = [
    ...paths.map(
      (pagePath) => ({pagePath, formFactor: 'mobile', throttling: 'simulated'}) as const,
    ),
    ...paths.map(
      (pagePath) => ({pagePath, formFactor: 'desktop', throttling: 'simulated'}) as const,
    ),
    // The home page's targets read its LCP's phases: an applied throttling times them, where
    // the simulated one scales them from a full-speed load.
    ...(paths.includes('/')
      ? [{pagePath: '/', formFactor: 'mobile', throttling: 'applied'} as const]
      : []),
  ]
  for (const {pagePath, formFactor, throttling} of measurements) {
    console.log(
      `Lighthouse ${measuredForm({formFactor, throttling})} ` +
        `${pagePath}${runs > 1 ? ` (${runs}회 중앙값)` : ''}`,
    )
    pages.push(
      await measurePage(
        `${proxy.url}${pagePath}`,
        pagePath,
        formFactor,
        throttling,
        runs,
        startJsKb.get(pagePath)!,
        reportDir,
      ),
    )
  }
  const lighthouseLoadRange = lighthouseLoad.stop()

  const loads: LoadResult[] = []
  const httpLoad = watchLoad()
  if (onlyPaths.length === 0 && !onlyLeads) {
    let sequence = 0
    const register: autocannon.Options = {
      // Through the proxy, as visitors reach functions through the CDN: netlify-cli closes
      // every connection after one answer, and autocannon's latencies go wrong on a server
      // that does (it counts each request from the first one still queued on the old connection).
      url: `${proxy.url}/api/register`,
      requests: [
        {
          method: 'POST',
          // A fresh Idempotency-Key per request: each one is a new lead, as from a new visitor,
          // with the fields the site's forms send.
          setupRequest: (request) => ({
            ...request,
            headers: {
              'content-type': 'application/json',
              'idempotency-key': `bench-${process.pid}-${sequence++}`,
            },
            body: JSON.stringify({
              name: '부하시험',
              phone: '010-1234-5678',
              consent: true,
              source: 'popup',
              website: '',
              fillMs: 8000,
            }),
          }),
        },
      ],
    }
    // One connection: the latency of a single visitor; twenty: the throughput.
    loads.push(await load('POST /api/register', 1, register))
    loads.push(await load('POST /api/register', 20, register))
    // The query the press list runs as it opens, as the site's reader sends it.
    loads.push(
      await load('press-list query (lake)', 20, {
        url: lakeQueryUrl({...config, apiHost: stack.lakeUrl}, PRESS_LIST_QUERY, {
          site: defaultSite,
        }),
      }),
    )
  }
  const httpLoadRange = httpLoad.stop()
  await proxy.close()

  let checkIn: CheckInBenchResult | null = null
  const checkInLoad = watchLoad()
  if (onlyPaths.length === 0 && !onlyLeads)
    checkIn = await benchCheckIn(stack, (line) => console.log(line))
  const checkInLoadRange = checkInLoad.stop()

  let leads: LeadBenchResult | null = null
  const leadsLoad = watchLoad()
  if (onlyPaths.length === 0)
    leads = await benchLeads(stack, formService, (line) => console.log(line))
  const leadsLoadRange = leadsLoad.stop()
  const access = onlyPaths.length === 0 ? await benchAccess((line) => console.log(line)) : null

  console.log(
    `\nLighthouse (mobile: simulated slow 4G and 4x CPU, "applied throttling": the same slowing ` +
      `applied to the load; desktop preset; each figure the median of ${runs} runs)`,
  )
  console.table(
    pages.map((page) => ({
      page: page.path,
      form: measuredForm(page),
      perf: page.performance,
      a11y: page.accessibility,
      bp: page.bestPractices,
      seo: page.seo,
      'LCP ms': page.lcpMs,
      TTFB: page.ttfbMs,
      'load delay': page.loadDelayMs,
      'load time': page.loadTimeMs,
      'render delay': page.renderDelayMs,
      CLS: page.cls,
      'TBT ms': page.tbtMs,
      'total KB': page.transferKb,
      'JS KB': page.jsKb,
      'start JS KB': page.startJsKb,
      load: page.load,
      cpu: page.cpuIndex,
    })),
  )
  console.log(
    '"TTFB", "load delay", "load time", "render delay": the phases of the LCP (ms, each the ' +
      'median of the runs, so they need not add up to the median LCP); "JS KB": all the ' +
      'JavaScript of the run, lazily loaded chunks included; "start JS KB": ' +
      'what the page loads before it is interactive (gzip)',
  )
  console.log(
    `Load average (1 min, ${cpus().length} cores) during Lighthouse: ` +
      `${lighthouseLoadRange.min}–${lighthouseLoadRange.max} (mean ${lighthouseLoadRange.mean}); ` +
      `"cpu" is Lighthouse's benchmark index of the machine ` +
      '(higher is faster; mobile TBT and LCP scale with its inverse)' +
      (koreanFont ? '' : '; measured without a Korean system font'),
  )
  if (loads.length > 0) {
    console.log('\nHTTP load (10 s each)')
    console.table(loads)
    console.log(
      `Load average during HTTP load: ${httpLoadRange.min}` +
        `–${httpLoadRange.max} (mean ${httpLoadRange.mean})`,
    )
  }
  if (checkIn) {
    // Two staff scanning one code and recording two arrivals is a fault at any speed.
    if (!printCheckIn(checkIn)) process.exitCode = 1
    console.log(
      `Load average during the check-ins: ${checkInLoadRange.min}` +
        `–${checkInLoadRange.max} (mean ${checkInLoadRange.mean})`,
    )
  }
  const budgets = [
    ...budgetChecks(pages, startJsKb, DEFAULT_BUDGET.scriptBytes / 1024),
    ...(checkIn ? checkInChecks(checkIn) : []),
    ...(leads
      ? [
          ...endpointChecks(leads.endpoints),
          ...registrationChecks(leads.registrations, REGISTRATIONS),
          ...ownerChecks(leads.owners),
        ]
      : []),
    ...(access ? accessChecks(access) : []),
  ]
  if (budgets.length > 0) {
    console.log('\nTargets')
    console.table(
      budgets.map(({check, value, target, met}) => ({check, value, target, met: met ? '✓' : '✗'})),
    )
    const missed = budgets.filter((check) => !check.met).length
    console.log(
      missed === 0
        ? `All ${budgets.length} targets met.`
        : `${missed} of ${budgets.length} targets missed ` +
            '(read them against "cpu" and the load average).',
    )
  }
  // A lost or twice-sent lead is a fault at any speed, not a figure to read: the run fails.
  if (leads && registrationChecks(leads.registrations, REGISTRATIONS).some((check) => !check.met))
    process.exitCode = 1
  if (leads) {
    console.log(
      `\nLeads: ${SEEDED.toLocaleString('en')} seeded in bulk in ${leads.seedMs} ms; ` +
        'staff endpoints under netlify-cli (median of 7 runs, 3 for the CSV)',
    )
    console.table(leads.endpoints)
    console.log(
      'CSV handler in this process: live heap growth while ' +
        'streaming (after a collection every 4 parts of 500 rows)',
    )
    console.table(leads.csvMemory)
    console.log(
      'POST /api/register x1000 at concurrency 50, delivery target down for the first 500',
    )
    console.table(leads.registrations)
    console.log(
      'Texts: POST /api/register x1000 at concurrency 50 in this process, SOLAPI failing 500 first',
    )
    console.table([leads.texts])
    console.log(
      'Owners: POST /api/register x1000 through one hour at concurrency 50 in this process, ' +
        '5 counsellors of one site taking turns',
    )
    console.table([leads.owners])
    console.log(
      `Load average during the leads bench: ${leadsLoadRange.min}` +
        `–${leadsLoadRange.max} (mean ${leadsLoadRange.mean})`,
    )
  }
  if (access) reportAccess(access)
  const failing = pages.filter((page) => page.failing.length > 0)
  if (failing.length > 0) {
    console.log(
      `\nAudits below full score on ${failing.length} of ${pages.length}` +
        ' measurements: see "failing" in bench-results.json.',
    )
  }
  console.log(`Lighthouse reports: ${reportDir}`)
  writeFileSync(
    'bench-results.json',
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        cores: cpus().length,
        koreanSystemFont: koreanFont,
        loadAverage: {
          lighthouse: lighthouseLoadRange,
          http: loads.length > 0 ? httpLoadRange : null,
          checkIn: checkIn ? checkInLoadRange : null,
          leads: leads ? leadsLoadRange : null,
        },
        runs,
        pages,
        budgets,
        loads,
        checkIn,
        leads,
        access,
      },
      null,
      2,
    )}\n`,
  )
  console.log('bench-results.json에 저장했습니다.')
} finally {
  await stop()
}
