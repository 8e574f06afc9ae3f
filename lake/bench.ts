import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient} from '@sanity/client'
import sharp from 'sharp'
import {startLake} from './server.ts'

/**
 * `npx tsx lake/bench.ts` (or `npm run bench -- lake`): median latency of the press list's
 * keyset page over 10,000 press documents, measured through @sanity/client like the site
 * queries it; then the times the tests leave to it (lake/query-limits.test.ts,
 * listen.test.ts and assets.test.ts assert what happens, not how fast): how long a reader's
 * query and a listener's filter too costly to run take to be refused, and how long the
 * largest renditions take to render.
 */
const PRESS = 10_000
const RUNS = 100
const RENDERS = 5

/** The value at quantile `q` of `list`, to a tenth of a ms. */
function at(list: number[], q: number): string {
  const sorted = [...list].sort((a, b) => a - b)
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1)
}

/** How long each of `runs` calls of `call` takes, in ms. */
async function timed(runs: number, call: (run: number) => Promise<void>): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    await call(run)
    times.push(performance.now() - started)
  }
  return times
}

/** Fetches `url`, reads the whole answer and checks its status. */
async function expectStatus(url: string, status: number): Promise<void> {
  const response = await fetch(url)
  await response.arrayBuffer()
  if (response.status !== status) throw new Error(`${url}: ${response.status}, not ${status}`)
}
const QUERY =
  '*[_type == "press" && site._ref == $siteId && (date < $date || (date == ' +
  '$date && _id < $id))] | order(date desc, _id desc)[0...11]{_id, title, date}'

const dataDir = mkdtempSync(join(tmpdir(), 'lake-bench-'))
const token = 'bench-token'
const lake = await startLake({
  port: 0,
  dataDir,
  contentDir: join(dataDir, 'none'),
  projectId: 'bench',
  writeToken: token,
  corsOrigins: [],
})
try {
  const client = createClient({
    projectId: 'bench',
    dataset: 'bench',
    apiHost: lake.url,
    useProjectHostname: false,
    useCdn: false,
    apiVersion: '2025-02-19',
    token,
  })
  const sites = ['site-a', 'site-b', 'site-c', 'site-d']
  let tx = client.transaction()
  for (const id of sites) tx.create({_id: id, _type: 'site', slug: {current: id}})
  for (let i = 0; i < PRESS; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0')
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')
    tx.create({
      _id: `press-${String(i).padStart(5, '0')}`,
      _type: 'press',
      site: {_type: 'reference', _ref: sites[i % sites.length]},
      title: `보도자료 ${i}`,
      summary: '단지 소식 요약 '.repeat(8),
      date: `${2020 + (i % 5)}-${month}-${day}`,
    })
    if (i % 1000 === 999 || i === PRESS - 1) {
      await tx.commit({returnDocuments: false})
      tx = client.transaction()
    }
  }

  const reader = createClient({
    projectId: 'bench',
    dataset: 'bench',
    apiHost: lake.url,
    useProjectHostname: false,
    useCdn: false,
    apiVersion: '2025-02-19',
  })
  const params = {siteId: 'site-b', date: '2022-07-15', id: 'press-05000'}
  for (let i = 0; i < 10; i++) await reader.fetch(QUERY, params)
  const times: number[] = []
  const serverTimes: number[] = []
  let page: unknown[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const response = await reader.fetch(QUERY, params, {filterResponse: false})
    times.push(performance.now() - started)
    serverTimes.push(response.ms)
    page = response.result
  }
  console.log(
    `keyset page (${page.length} rows) over ${PRESS} ` +
      `press documents, ${RUNS} runs through @sanity/client:`,
  )
  console.log(
    `  round trip: median ${at(times, 0.5)} ms, p90 ${at(times, 0.9)}` +
      ` ms, min ${at(times, 0)} ms, max ${at(times, 1)} ms`,
  )
  console.log(
    '  in the lake (response ms): median ' +
      `${at(serverTimes, 0.5)} ms, p90 ${at(serverTimes, 0.9)} ms`,
  )

  // Nested splits of a 300-character parameter: refused by their estimated cost, not run.
  const split = 'string::split($text, "")'
  const nested = `${split}[]{"a": ${split}[]{"b": ${split}}}`
  const costly = (path: string, query: string) => {
    const url = new URL(`${lake.url}/v2025-02-19/data/${path}/bench`)
    url.searchParams.set('query', query)
    url.searchParams.set('$text', JSON.stringify('ab'.repeat(150)))
    return url.href
  }
  const queryUrl = costly('query', `count(${nested})`)
  const listenUrl = costly('listen', `*[count(${nested}) > 0]`)
  const refusedQuery = await timed(RUNS, () => expectStatus(queryUrl, 400))
  const refusedListener = await timed(RUNS, () => expectStatus(listenUrl, 400))
  console.log(`refusals of a query and a listener's filter too costly to run, ${RUNS} runs each:`)
  console.log(
    `  query without a token: median ${at(refusedQuery, 0.5)} ms, p90 ${at(refusedQuery, 0.9)} ms`,
  )
  console.log(
    `  listener: median ${at(refusedListener, 0.5)} ms, p90 ${at(refusedListener, 0.9)} ms`,
  )

  // Renditions past the lake's size cap (4096 px a side, 12 MP), each asked for once: a
  // different quality or width each run, so that none comes from the rendition cache.
  const photo = await client.assets.upload(
    'image',
    await sharp({create: {width: 400, height: 300, channels: 3, background: '#3366cc'}})
      .png()
      .toBuffer(),
  )
  const vector = await client.assets.upload(
    'image',
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 ' +
        '100"><rect width="200" height="100" fill="#0a0"/></svg>',
    ),
    {filename: 'wide.svg'},
  )
  const jpeg = await timed(RENDERS, (run) =>
    expectStatus(`${photo.url}?w=8192&h=8192&fit=crop&fm=jpg&q=${100 - run}`, 200),
  )
  const png = await timed(RENDERS, (run) =>
    expectStatus(`${vector.url}?w=${8192 - run}&fm=png`, 200),
  )
  console.log(`renditions capped at 12 MP, ${RENDERS} uncached runs each:`)
  console.log(
    `  photo asked at 8192x8192 as JPEG: median ${at(jpeg, 0.5)} ms, max ${at(jpeg, 1)} ms`,
  )
  console.log(`  SVG asked 8192 px wide as PNG: median ${at(png, 0.5)} ms, max ${at(png, 1)} ms`)
} finally {
  await lake.close()
  rmSync(dataDir, {recursive: true, force: true})
}
