import {randomUUID} from 'node:crypto'
import {sql} from '#netlify/functions/_shared/database.ts'
import {createRegisterHandler} from '#netlify/functions/_shared/registration/register-handler.ts'
import {runTexts} from '#netlify/functions/_shared/texts/outbox-run.ts'
import {solapiProvider} from '#netlify/functions/_shared/texts/provider.ts'
import {serverClient} from '#netlify/functions/_shared/sanity.ts'
import {createSlotsHandler} from '#netlify/functions/_shared/visits/handlers.ts'

/*
 * The texts part of `npm run bench`: 1,000 visit reservations at a concurrency of 50 with
 * the handlers in this process and SOLAPI failing (HTTP 500) for the first half of its calls,
 * while the texts' job runs every second as the schedule would; then waits until every
 * text is sent. SOLAPI's host is fixed, so its SDK's `fetch` is intercepted here: every
 * other request passes through.
 */

const REGISTRATIONS = 1000
const CONCURRENCY = 50
const SOLAPI_HOST = 'https://api.solapi.com/'
const SITE = 'ulsan-lakepark'
const SITE_ID = 'site-ulsan-lakepark'
/** Seats per slot for the run: the seed's 4 would hold only a few hundred reservations. */
const BENCH_CAPACITY = 100

export interface TextBenchRun {
  answered201: number
  stored: number
  texts: number
  /** Of the texts, the booking confirmations. */
  confirmations: number
  sent: number
  /** Claimed by the stack's own job, whose local provider keeps texts unsent. */
  kept: number
  /** Recipients SOLAPI accepted more than one text for. */
  sentTwice: number
  /** SOLAPI calls answered 500, and accepted. */
  failedCalls: number
  acceptedCalls: number
  /** Seconds from the last answer until every text was sent. */
  sentAfterS: number
}

/** Bookable starts of the next two weeks, the model house's capacity raised for the run. */
async function benchSlots(writeToken: string | undefined): Promise<{start: string}[]> {
  const lake = serverClient({...process.env, SANITY_WRITE_TOKEN: writeToken})
  await lake.patch(SITE_ID).set({'modelHouse.capacity': BENCH_CAPACITY}).commit()
  const answer = await createSlotsHandler()(
    new Request(`http://localhost/api/visits/slots?site=${SITE}&days=14`),
  )
  const {slots} = (await answer.json()) as {slots: {start: string; remaining: number}[]}
  const needed = Math.ceil(REGISTRATIONS / BENCH_CAPACITY) * 2
  const free = slots.filter((slot) => slot.remaining >= BENCH_CAPACITY).slice(0, needed)
  if (free.length < needed) throw new Error(`only ${free.length} free slots in the next 14 days`)
  return free
}

export async function benchTexts(
  log: (line: string) => void,
  writeToken: string | undefined,
): Promise<TextBenchRun> {
  const slots = await benchSlots(writeToken)
  const marker = `texts-${randomUUID()}`
  const accepted = new Map<string, number>()
  let calls = 0
  let failedCalls = 0
  const passThrough = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    if (!String(input).startsWith(SOLAPI_HOST)) return passThrough(input, init)
    if (++calls <= REGISTRATIONS / 2) {
      failedCalls++
      return Response.json({errorCode: 'InternalError', errorMessage: 'bench'}, {status: 500})
    }
    const to = (JSON.parse(String(init?.body)) as {messages: {to: string}[]}).messages[0]!.to
    accepted.set(to, (accepted.get(to) ?? 0) + 1)
    return Response.json({
      failedMessageList: [],
      groupInfo: {groupId: `G${calls}`, count: {total: 1, registeredFailed: 0}},
      messageList: [{messageId: `M${calls}`}],
    })
  }
  const env = {
    ...process.env,
    REGISTER_RATE_LIMIT: '0',
    SMS_PROVIDER: 'solapi',
    SOLAPI_API_KEY: 'BENCHKEY',
    SOLAPI_API_SECRET: 'bench-secret',
    SMS_SENDER: '1661-0440',
  }
  const provider = solapiProvider(env)
  const register = createRegisterHandler({env, texts: {provider}})
  let scheduling = true
  const schedule = (async () => {
    while (scheduling) {
      await runTexts({env, provider}).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  })()
  try {
    log(
      `방문예약 ${REGISTRATIONS}건을 동시에 ${CONCURRENCY}` +
        '건씩 보내고 문자를 셉니다 (첫 절반 실패)…',
    )
    let answered201 = 0
    let next = 0
    await Promise.all(
      Array.from({length: CONCURRENCY}, async () => {
        for (let index = next++; index < REGISTRATIONS; index = next++) {
          const response = await register(
            new Request('http://localhost/api/register', {
              method: 'POST',
              headers: {'content-type': 'application/json', 'idempotency-key': randomUUID()},
              body: JSON.stringify({
                name: `문자${index}`,
                phone: `010-7${String(index).padStart(3, '0')}-${String(index).padStart(4, '0')}`,
                message: marker,
                consent: true,
                source: 'popup',
                site: SITE,
                visitAt: slots[index % slots.length]!.start,
                fillMs: 10_000,
              }),
            }),
            {ip: '127.0.0.1'},
          )
          await response.body?.cancel()
          if (response.status === 201) answered201++
        }
      }),
    )
    const answeredAt = performance.now()
    const count = async () =>
      (
        await sql()<{
          stored: number
          texts: number
          confirmations: number
          sent: number
          kept: number
        }>`
        SELECT count(DISTINCT l.id)::int AS stored, count(t.id)::int AS texts,
          (count(*) FILTER (WHERE t.kind = 'confirmation'))::int AS confirmations,
          (count(*) FILTER (WHERE t.status = 'sent'))::int AS sent,
          (count(*) FILTER (WHERE t.status = 'kept'))::int AS kept
        FROM leads l LEFT JOIN text_messages t ON t.lead_id = l.id WHERE l.message = ${marker}`
      )[0]!
    // A text that failed again waits 1, 2, 4 … minutes: in a run of 1,000 a few fail three or
    // four times (973 of 1,000 were sent within five minutes).
    const deadline = Date.now() + 15 * 60_000
    let counted = await count()
    // The stack's own scheduled job runs beside this one with the local provider, which keeps
    // a text unsent: a retry it claims first ends as kept, not sent.
    while (counted.sent + counted.kept < REGISTRATIONS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      counted = await count()
    }
    return {
      answered201,
      ...counted,
      sentTwice: [...accepted.values()].filter((n) => n > 1).length,
      failedCalls,
      acceptedCalls: calls - failedCalls,
      sentAfterS: Number(((performance.now() - answeredAt) / 1000).toFixed(1)),
    }
  } finally {
    scheduling = false
    await schedule
    globalThis.fetch = passThrough
  }
}
