import {randomUUID} from 'node:crypto'
import {expect, inject, it} from 'vitest'
import {formServiceReceived, setFormServiceMode} from '../form-service.ts'
import {staffToken} from '../staff-token.ts'

const baseUrl = inject('baseUrl')
/*
 * Fifty registrations at once while the delivery target is down, fifty at once after it is
 * back: every one kept and delivered exactly once, through the whole stack. The same at
 * 1,000 (500 across the outage) is a budget of `npm run bench -- leads`
 * (scripts/lib/lead-bench.ts, registrationChecks in scripts/lib/bench-budgets.ts).
 */
const CONCURRENCY = 50
const TOTAL = 2 * CONCURRENCY

interface StoredLead {
  id: string
  message?: string
  delivery: {status: string; attempts: number}
}

async function received(
  marker: string,
): Promise<{idempotencyKey: string | null; message?: string}[]> {
  const all = await formServiceReceived<{idempotencyKey: string | null; message?: string}>()
  return all.filter((lead) => lead.message === marker)
}

const latenciesMs: number[] = []

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? 0

/** Sends `count` registrations, `CONCURRENCY` at a time, and returns their HTTP statuses. */
async function register(count: number, offset: number, marker: string): Promise<number[]> {
  const statuses: number[] = []
  let next = 0
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      for (let index = next++; index < count; index = next++) {
        const started = performance.now()
        const response = await fetch(`${baseUrl}/api/register`, {
          method: 'POST',
          headers: {'content-type': 'application/json', 'idempotency-key': randomUUID()},
          body: JSON.stringify({
            name: `신뢰성${offset + index}`,
            phone: `010-${String(1000 + ((offset + index) % 9000)).padStart(4, '0')}-5678`,
            message: marker,
            consent: true,
            source: 'popup',
            fillMs: 10_000,
          }),
        })
        await response.body?.cancel()
        latenciesMs.push(performance.now() - started)
        statuses.push(response.status)
      }
    }),
  )
  return statuses
}

async function storedLeads(accessToken: string, marker: string): Promise<StoredLead[]> {
  const leads: StoredLead[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({limit: '200', ...(cursor ? {cursor} : {})})
    const response = await fetch(`${baseUrl}/api/admin/leads?${query}`, {
      headers: {authorization: `Bearer ${accessToken}`},
    })
    expect(response.status).toBe(200)
    const page = (await response.json()) as {leads: StoredLead[]; nextCursor: string | null}
    leads.push(...page.leads.filter((lead) => lead.message === marker))
    cursor = page.nextCursor
  } while (cursor)
  return leads
}

it(
  `keeps and delivers every one of ${TOTAL} registrations, ${CONCURRENCY} at once, ` +
    'exactly once, across an outage of the delivery target',
  async () => {
    const marker = `reliability-${randomUUID()}`
    await setFormServiceMode('down')
    const firstHalf = await register(TOTAL / 2, 0, marker)
    await setFormServiceMode('ok')
    const secondHalf = await register(TOTAL / 2, TOTAL / 2, marker)

    const statuses = [...firstHalf, ...secondHalf]
    console.log(
      `POST /api/register x${TOTAL} at concurrency ${CONCURRENCY}: p50 ` +
        `${percentile(latenciesMs, 50).toFixed(0)} ms, p99 ` +
        `${percentile(latenciesMs, 99).toFixed(0)} ms`,
    )
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(statuses.filter((status) => status !== 201)).toEqual([])

    // The failed half is delivered by the retry job, once its first backoff is over (both
    // 2 s here: tests/e2e/global-setup.ts).
    await expect
      .poll(async () => (await received(marker)).length, {timeout: 10 * 60_000, interval: 1000})
      .toBeGreaterThanOrEqual(TOTAL)
    const deliveries = await received(marker)
    const keys = deliveries.map((delivery) => delivery.idempotencyKey)
    expect(deliveries).toHaveLength(TOTAL)
    expect(new Set(keys).size).toBe(TOTAL)

    // The outbox records each delivery once the target has answered it.
    const accessToken = await staffToken()
    await expect
      .poll(
        async () =>
          (await storedLeads(accessToken, marker)).filter(
            (lead) => lead.delivery.status !== 'delivered',
          ),
        {timeout: 60_000, interval: 1000},
      )
      .toEqual([])
    const stored = await storedLeads(accessToken, marker)
    expect(stored).toHaveLength(TOTAL)
    expect(new Set(stored.map((lead) => lead.id)).size).toBe(TOTAL)
    expect(new Set(keys)).toEqual(new Set(stored.map((lead) => lead.id)))
  },
  // Fifty calls at once start as many cold instances (a few tenths of a second of CPU
  // each), and the failed half waits out its backoff: on two busy cores that can take
  // minutes. The test is about what is kept and delivered, not how fast.
  5 * 60_000,
)
