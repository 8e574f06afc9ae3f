import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient} from '@sanity/client'
import {startLake} from './server.ts'

/**
 * `npx tsx lake/bench.ts`: median latency of the press list's keyset page over 10,000
 * press documents, measured through @sanity/client like the site queries it.
 */
const PRESS = 10_000
const RUNS = 100
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
  const at = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b)
    return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1)
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
} finally {
  await lake.close()
  rmSync(dataDir, {recursive: true, force: true})
}
