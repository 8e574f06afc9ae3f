/**
 * `npm run bench`: starts the stack like `npm start` (fresh DATA_DIR, free ports, a fake
 * delivery target), then measures every page of the issue with Lighthouse (mobile and
 * desktop) and the two hot endpoints with autocannon. Prints one table and writes
 * bench-results.json (git-ignored).
 */
import {spawn} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import autocannon from 'autocannon'
import {createClient} from '@sanity/client'
import {readConfig} from '../config/defaults.ts'
import {CHROMIUM_FLAGS, chromiumPath, hasChromium} from '../tests/e2e/chromium.ts'
import {startCompressionProxy} from './lib/compression-proxy.ts'
import {startIsolatedStack} from './lib/isolated-stack.ts'

type FormFactor = 'mobile' | 'desktop'

interface PageResult {
  path: string
  formFactor: FormFactor
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
  transferKb: number
  jsKb: number
}

interface LoadResult {
  target: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
}

const HOME_RUNS = 3

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function runLighthouse(url: string, formFactor: FormFactor): Promise<PageResult> {
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/lighthouse', args, {env: {...process.env, CHROME_PATH: chromiumPath()}})
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} failed: ${err.slice(-500)}`))
      resolve(summarize(JSON.parse(out), new URL(url).pathname, formFactor))
    })
  })
}

interface LighthouseReport {
  categories: Record<string, {score: number | null}>
  audits: Record<string, {numericValue?: number; details?: {items?: {resourceType?: string; transferSize?: number}[]}}>
}

function summarize(report: LighthouseReport, path: string, formFactor: FormFactor): PageResult {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  const resources = report.audits['resource-summary']?.details?.items ?? []
  const scriptBytes = resources.find((item) => item.resourceType === 'script')?.transferSize ?? 0
  return {
    path,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(value('total-blocking-time')),
    transferKb: Math.round(value('total-byte-weight') / 1024),
    jsKb: Math.round(scriptBytes / 1024),
  }
}

async function medianOfRuns(url: string, formFactor: FormFactor, runs: number): Promise<PageResult> {
  const results: PageResult[] = []
  for (let run = 0; run < runs; run++) results.push(await runLighthouse(url, formFactor))
  const pick = <K extends keyof PageResult>(key: K) => median(results.map((result) => result[key] as number))
  return {
    ...results[0]!,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    transferKb: pick('transferKb'),
    jsKb: pick('jsKb'),
  }
}

async function load(target: string, options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({connections: 20, duration: 10, ...options})
  return {
    target,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

if (!hasChromium()) {
  console.error(`Chromium이 없습니다 (${chromiumPath()}): apt-get install -y chromium 후 다시 실행하세요.`)
  process.exit(1)
}
console.log('스택을 빌드하고 시작합니다…')
// One load generator, one address: a per-visitor limit would measure itself.
const {stack, stop} = await startIsolatedStack('benchmark', {env: {REGISTER_RATE_LIMIT: '0'}})

try {
  const config = readConfig(stack.env)
  const client = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    apiHost: stack.lakeUrl,
    useProjectHostname: false,
    useCdn: false,
  })
  const defaultSite = await client.fetch<string>(`*[_id == "siteSettings"][0].defaultSite->slug.current`)
  const siteId = await client.fetch<string>(`*[_type == "site" && slug.current == $slug][0]._id`, {slug: defaultSite})
  const postId = await client.fetch<string>(
    `*[_type == "press" && site._ref == $siteId] | order(date desc, _id desc)[0]._id`,
    {siteId},
  )
  const paths = [
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

  // Pages are measured compressed, as Netlify's CDN serves them.
  const proxy = await startCompressionProxy(stack.siteUrl)
  const pages: PageResult[] = []
  for (const formFactor of ['mobile', 'desktop'] as const) {
    for (const path of paths) {
      const runs = path === '/' ? HOME_RUNS : 1
      console.log(`Lighthouse ${formFactor} ${path}${runs > 1 ? ` (${runs}회 중앙값)` : ''}`)
      pages.push(await medianOfRuns(`${proxy.url}${path}`, formFactor, runs))
    }
  }
  await proxy.close()

  const startedAt = Date.now() - 60_000
  let sequence = 0
  const loads = [
    await load('POST /api/register', {
      url: `${stack.siteUrl}/api/register`,
      requests: [
        {
          method: 'POST',
          // A fresh Idempotency-Key per request: each one is a new lead, as from a new visitor.
          setupRequest: (request) => ({
            ...request,
            headers: {'content-type': 'application/json', 'idempotency-key': `bench-${process.pid}-${sequence++}`},
            body: JSON.stringify({name: '부하시험', phone: '010-1234-5678', consent: true, source: 'popup', startedAt}),
          }),
        },
      ],
    }),
    await load('press-list query (lake)', {
      url: `${stack.lakeUrl}/v${config.apiVersion}/data/query/${config.dataset}?${new URLSearchParams({
        query: `*[_type == "press" && site._ref == $siteId] | order(date desc, _id desc)[0...11]{_id, title, date, views}`,
        $siteId: JSON.stringify(siteId),
      })}`,
    }),
  ]

  console.log('\nLighthouse')
  console.table(
    pages.map((page) => ({
      page: page.path,
      form: page.formFactor,
      perf: page.performance,
      a11y: page.accessibility,
      bp: page.bestPractices,
      seo: page.seo,
      'LCP ms': page.lcpMs,
      CLS: page.cls,
      'TBT ms': page.tbtMs,
      'total KB': page.transferKb,
      'JS KB': page.jsKb,
    })),
  )
  console.log('HTTP load (20 connections, 10 s)')
  console.table(loads)
  writeFileSync('bench-results.json', `${JSON.stringify({measuredAt: new Date().toISOString(), pages, loads}, null, 2)}\n`)
  console.log('bench-results.json에 저장했습니다.')
} finally {
  await stop()
}
