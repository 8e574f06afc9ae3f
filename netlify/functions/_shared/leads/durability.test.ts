import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import pg from 'pg'
import {afterAll, expect, it} from 'vitest'
import {startDatabaseService} from '#scripts/lib/local-database.ts'
import {startService, type Service} from '#scripts/lib/processes.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'kill-9-'))
const started: Service[] = []
afterAll(async () => {
  for (const service of started) await service.stop()
  rmSync(dataDir, {recursive: true, force: true})
})

/** The register function in a process of its own, on the database at `databaseUrl`. */
async function startRegisterFunction(
  databaseUrl: string,
): Promise<{url: string; service: Service}> {
  let listening: (port: string) => void = () => {}
  const port = new Promise<string>((resolve) => (listening = resolve))
  const service = startService(
    'register function',
    'node_modules/.bin/tsx',
    ['tests/helpers/function-server.ts', 'netlify/functions/register.mts'],
    {
      env: {
        ...process.env,
        NETLIFY_DB_URL: databaseUrl,
        NETLIFY_DB_DRIVER: 'server',
        REGISTER_RATE_LIMIT: '0',
        FORM_FORWARD_URL: '',
        SANITY_API_HOST: 'http://127.0.0.1:9',
      },
      onLine: (line) =>
        line.startsWith('listening ') ? listening(line.slice('listening '.length)) : undefined,
    },
  )
  started.push(service)
  return {url: `http://127.0.0.1:${await port}`, service}
}

function killNow(service: Service): void {
  process.kill(-service.child.pid!, 'SIGKILL')
}

it(
  'loses no registration that was answered 201 when the ' +
    'database and the function are killed (kill -9) mid-burst',
  async () => {
    const database = await startDatabaseService(dataDir)
    started.push(database.service!)
    const fn = await startRegisterFunction(database.url)

    const answered: string[] = []
    let failures = 0
    let killed = false
    const register = async (index: number) => {
      const response = await fetch(`${fn.url}/api/register`, {
        method: 'POST',
        headers: {'content-type': 'application/json', 'idempotency-key': `burst-${index}`},
        body: JSON.stringify({
          name: `버스트${index}`,
          phone: '010-1234-5678',
          consent: true,
          source: 'popup',
          fillMs: 10_000,
        }),
      })
      if (response.status === 201)
        answered.push(((await response.json()) as {receipt: string}).receipt)
      else await response.body?.cancel()
    }
    let next = 0
    const burst = Array.from({length: 30}, async () => {
      while (!killed || next < 2000) {
        try {
          await register(next++)
        } catch {
          failures++
          if (killed) return
        }
      }
    })
    // Kill both in the middle of the burst, once it is well under way.
    while (answered.length < 150) await new Promise((resolve) => setTimeout(resolve, 20))
    killNow(database.service!)
    killNow(fn.service)
    killed = true
    await Promise.all(burst)
    expect(failures).toBeGreaterThan(0)

    const restarted = await startDatabaseService(dataDir)
    started.push(restarted.service!)
    const client = new pg.Client({connectionString: restarted.url})
    await client.connect()
    const stored = new Set(
      (
        await client.query<{receipt: string}>(
          'SELECT receipt FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id',
        )
      ).rows.map((row) => row.receipt),
    )
    await client.end()
    expect(answered.filter((receipt) => !stored.has(receipt))).toEqual([])
    expect(stored.size).toBeGreaterThanOrEqual(answered.length)
  },
  120_000,
)
