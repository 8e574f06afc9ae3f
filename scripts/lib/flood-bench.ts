/**
 * `npm run bench -- flood`: a visitor's wait while registrations flood from many addresses.
 * 1,000 registrations, 50 at once, from 100 loopback addresses (127.0.0.10–109), each
 * within its share of the edge's function slots, while one visitor (127.0.0.2) asks for the
 * slots of a visit every 0.5 s. Run twice on one stack, each time through an edge proxy of
 * its own in front of its netlify-cli: as the stack runs it (FunctionSlots in
 * edge-proxy.ts), then with every slot open to writes (the proxy before the reads had slots
 * of their own). The target (the first run): the visitor's p95 within
 * TARGETS.floodReadP95Ms (bench-budgets.ts), and every registration stored.
 */
import {randomUUID} from 'node:crypto'
import {request} from 'node:http'
import {EDGE_SECRET_ENV} from '#netlify/functions/_shared/gates/visitor.ts'
import {startEdgeProxy} from './edge-proxy.ts'
import {startIsolatedStack} from './isolated-stack.ts'
import {percentile, storedWith} from './lead-bench.ts'

export const FLOOD_REGISTRATIONS = 1000
const CONCURRENCY = 50
const ADDRESSES = 100
const READ_EVERY_MS = 500
const SITE = 'ulsan-lakepark'

export interface FloodRun {
  proxy: string
  /** Registrations answered 201, and stored (by their marker). */
  answered201: number
  stored: number
  registerP50Ms: number
  /** The visitor's reads of GET /api/visits/slots during the flood. */
  reads: number
  readsFailed: number
  readP50Ms: number
  readP95Ms: number
  readMaxMs: number
  seconds: number
}

const round = (value: number) => Math.round(value)

/** One request from `from`, on a connection of its own: its status (0 when it failed). */
function send(
  base: string,
  from: string,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
): Promise<number> {
  const {port, hostname} = new URL(base)
  return new Promise((resolve) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method,
        localAddress: from,
        agent: false,
        headers: body
          ? {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
              'idempotency-key': randomUUID(),
            }
          : {},
      },
      (answer) => {
        answer.resume()
        answer.on('end', () => resolve(answer.statusCode ?? 0))
        answer.on('error', () => resolve(0))
      },
    )
    req.on('error', () => resolve(0))
    req.end(body)
  })
}

async function floodRun(
  base: string,
  databaseUrl: string,
  proxy: string,
  run: number,
  registrations: number,
): Promise<FloodRun> {
  const marker = `flood-${run}-${randomUUID()}`
  const started = performance.now()
  const registerTimes: number[] = []
  let answered201 = 0
  let next = 0
  const flood = Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      for (let index = next++; index < registrations; index = next++) {
        const body = JSON.stringify({
          name: `부하${index}`,
          phone: `010-${7000 + run}-${String(index).padStart(4, '0')}`,
          message: marker,
          consent: true,
          source: 'popup',
          fillMs: 10_000,
        })
        const at = performance.now()
        const from = `127.0.0.${10 + (index % ADDRESSES)}`
        if ((await send(base, from, 'POST', '/api/register', body)) === 201) answered201++
        registerTimes.push(performance.now() - at)
      }
    }),
  )
  let flooding = true
  void flood.then(() => (flooding = false))
  const readTimes: number[] = []
  let readsFailed = 0
  while (flooding) {
    const at = performance.now()
    const status = await send(base, '127.0.0.2', 'GET', `/api/visits/slots?site=${SITE}&days=14`)
    const took = performance.now() - at
    readTimes.push(took)
    if (status !== 200) readsFailed++
    if (took < READ_EVERY_MS)
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS - took))
  }
  await flood
  return {
    proxy,
    answered201,
    stored: (await storedWith(databaseUrl, marker)).rows,
    registerP50Ms: round(percentile(registerTimes, 50)),
    reads: readTimes.length,
    readsFailed,
    readP50Ms: round(percentile(readTimes, 50)),
    readP95Ms: round(percentile(readTimes, 95)),
    readMaxMs: round(Math.max(...readTimes)),
    seconds: round((performance.now() - started) / 1000),
  }
}

/**
 * Both runs, the proxy as it runs first (on a machine too loaded to finish both, the figure
 * that matters comes first), each reported by `log` as it ends. `registrations` below
 * FLOOD_REGISTRATIONS (`--registrations=N`) is for a loaded machine only.
 */
export async function benchFlood(
  log: (line: string) => void,
  registrations = FLOOD_REGISTRATIONS,
): Promise<FloodRun[]> {
  log('스택을 빌드하고 시작합니다…')
  const {stack, stop} = await startIsolatedStack('benchmark (flood)', {
    env: {RETRY_INTERVAL_S: '60'},
  })
  try {
    const runs: FloodRun[] = []
    const variants = [
      {proxy: 'writes take at most 3 of 8 (now)', functionWriteSlots: undefined},
      {proxy: 'writes may take all 8 slots (before)', functionWriteSlots: 8},
    ]
    for (const [run, {proxy, functionWriteSlots}] of variants.entries()) {
      const edge = await startEdgeProxy(stack.internalUrls['netlify-cli']!, {
        secret: stack.env[EDGE_SECRET_ENV],
        queueDeadlineMs: 600_000,
        functionWriteSlots,
      })
      try {
        log(
          `등록 ${registrations}건을 주소 ${ADDRESSES}개에서 동시에 ${CONCURRENCY}건씩: ${proxy}…`,
        )
        const result = await floodRun(edge.url, stack.databaseUrl, proxy, run, registrations)
        log(JSON.stringify(result))
        runs.push(result)
      } finally {
        await edge.close()
      }
    }
    return runs
  } finally {
    await stop()
  }
}
