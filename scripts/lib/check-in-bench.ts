import pg from 'pg'
import {type Browser, type BrowserContextOptions, chromium, type Page} from 'playwright-core'
import {CHROMIUM_FLAGS, headlessShellPath} from '#tests/e2e/chromium.ts'
import {browserWithCamera, cameraClip} from '#tests/e2e/fake-camera.ts'
import {moveVisitTo} from '#tests/helpers/move-visit.ts'
import {type BudgetCheck, TARGETS} from './bench-budgets.ts'
import {percentile} from './lead-bench.ts'
import type {Stack} from './stack.ts'

/*
 * Arrival at the door, in `npm run bench` (alone: `npm run bench -- check-in`), on the stack as
 * a staff phone at the door sees it (390x844, Chromium's headless shell). Each run books a
 * visit, brings it to now and checks it in on 방문 일정: by the QR code of the visitor's page,
 * which a fake camera shows from a screenshot of that page, and by its 4-digit code typed.
 * Timed in the staff's page, from the check-in request sent (the QR code read, or the code
 * sent) to the visitor's line drawn with 방문완료, and from the tap that began it (QR 스캔: the
 * camera starting included). The target: the median under TARGETS.checkInMs. Then two staff
 * devices scan the same QR code at once, for several visitors: each records one arrival.
 */

export const CHECK_IN_RUNS = 5
/** Visitors whose QR code two staff devices send at once. */
export const DOUBLE_SCANS = 5
const SITE = 'ulsan-lakepark'
const NOW = `date_trunc('minute', now())`
const WAIT_MS = 30_000

const PHONE: BrowserContextOptions = {
  viewport: {width: 390, height: 844},
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
}

export interface CheckInTimes {
  way: string
  runs: number
  /** From the check-in request sent to 방문완료 drawn: the median and the slowest. */
  p50Ms: number
  maxMs: number
  /** From the staff member's tap (QR 스캔, 방문 확인) to 방문완료 drawn. */
  fromTapP50Ms: number
}

export interface CheckInBenchResult {
  times: CheckInTimes[]
  /** Visitors scanned by two devices at once, and how many arrivals and refusals that made. */
  doubleScans: number
  arrivals: number
  refused: number
}

interface Booked {
  name: string
  leadId: string
  /** The visitor's link, as the booking answered it. */
  manageUrl: string
  code: string
}

/** A visit of a visitor of its own on SITE, brought to now, with its lead and today's code. */
async function bookNow(stack: Stack, index: number): Promise<Booked> {
  // A name no other visitor's contains, so that the staff's page finds its line by it.
  const name = `도착측정-${index}번`
  const slots = (await (
    await fetch(`${stack.siteUrl}/api/visits/slots?site=${SITE}&days=14`)
  ).json()) as {slots: {start: string; remaining: number}[]}
  const slot = slots.slots.findLast((one) => one.remaining > 0)
  if (!slot) throw new Error('check-in bench: no free slot in the next 14 days')
  const booked = await fetch(`${stack.siteUrl}/api/register`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'idempotency-key': crypto.randomUUID()},
    body: JSON.stringify({
      name,
      phone: `010-8${String(index).padStart(3, '0')}-${String(4000 + index)}`,
      site: SITE,
      visitAt: slot.start,
      consent: true,
      source: 'customer',
      fillMs: 10_000,
    }),
  })
  if (booked.status !== 201) throw new Error(`check-in bench: booking answered ${booked.status}`)
  const {manageUrl} = (await booked.json()) as {manageUrl: string}
  await moveVisitTo(stack.databaseUrl, name, slot.start, NOW)
  const token = manageUrl.split('/').at(-1)!
  const {visit} = (await (await fetch(`${stack.siteUrl}/api/visits/${token}`)).json()) as {
    visit: {arrivalCode?: string}
  }
  const client = new pg.Client({connectionString: stack.databaseUrl})
  await client.connect()
  try {
    const {rows} = await client.query<{id: string}>('SELECT id FROM leads WHERE name = $1', [name])
    return {name, leadId: rows[0]!.id, manageUrl, code: visit.arrivalCode ?? ''}
  } finally {
    await client.end()
  }
}

/** The staff's workspace signed in, on 방문 일정, with `name`'s line listed. */
async function openSchedule(page: Page, stack: Stack, names: string[]): Promise<void> {
  await page.goto(`${stack.siteUrl}/admin/leads`)
  await page.getByLabel('이메일').fill(stack.admin.email)
  await page.getByLabel('비밀번호').fill(stack.admin.password)
  await page.getByRole('button', {name: '로그인'}).click()
  await page.getByRole('button', {name: '방문 일정'}).click()
  for (const name of names)
    await page.locator('.visit-schedule-slot li', {hasText: name}).waitFor({timeout: WAIT_MS})
}

/**
 * Starts the page's clock of one check-in: the next tap, and the first frame drawn after
 * `name`'s line says 방문완료. Read by `checkInTimes` once `tap` has been made.
 */
async function armClock(page: Page, name: string): Promise<void> {
  // No named function inside: the bench runs through tsx, whose transform would name them with
  // a helper the page does not have.
  await page.evaluate((visitor) => {
    const clock = {tapped: 0, drawn: 0}
    Object.assign(window, {checkInClock: clock})
    document.addEventListener('click', () => (clock.tapped ||= performance.now()), {capture: true})
    const observer = new MutationObserver(() => {
      const arrived = [...document.querySelectorAll('.visit-schedule-slot li')].some(
        (line) =>
          line.textContent?.includes(visitor) &&
          /^방문완료/.test(line.querySelector('.visit-schedule-status')?.textContent ?? ''),
      )
      if (!arrived) return
      observer.disconnect()
      // Drawn: once the frame that paints the change has been produced.
      requestAnimationFrame(() => setTimeout(() => (clock.drawn = performance.now())))
    })
    observer.observe(document.body, {subtree: true, childList: true, characterData: true})
  }, name)
}

/** The tap, the check-in request and the drawing of one check-in, on the page's clock. */
async function checkInTimes(page: Page): Promise<{sentMs: number; tapMs: number}> {
  await page.waitForFunction(
    () => (window as unknown as {checkInClock: {drawn: number}}).checkInClock.drawn > 0,
    undefined,
    {timeout: WAIT_MS},
  )
  return page.evaluate(() => {
    const {tapped, drawn} = (window as unknown as {checkInClock: {tapped: number; drawn: number}})
      .checkInClock
    const sent = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/admin/visits/check-in'))
      .at(-1)!.startTime
    return {sentMs: drawn - sent, tapMs: drawn - tapped}
  })
}

/** By the QR code: a camera of its own for each visitor, showing the visitor's screen. */
async function byQrCode(stack: Stack, visitors: Browser, first: number) {
  const runs: Array<{sentMs: number; tapMs: number}> = []
  for (let run = 0; run < CHECK_IN_RUNS; run++) {
    const visit = await bookNow(stack, first + run)
    const visitor = await visitors.newContext(PHONE)
    const page = await visitor.newPage()
    await page.goto(`${stack.siteUrl}${visit.manageUrl}`)
    const picture = await page.getByRole('img', {name: '도착 확인 QR 코드'}).screenshot()
    await visitor.close()
    const camera = await browserWithCamera(await cameraClip(picture, `check-in-bench-${run}`))
    try {
      const staff = await (await camera.newContext(PHONE)).newPage()
      await openSchedule(staff, stack, [visit.name])
      await armClock(staff, visit.name)
      await staff.locator('form.check-in-form').getByRole('button', {name: 'QR 스캔'}).click()
      runs.push(await checkInTimes(staff))
    } finally {
      await camera.close()
    }
  }
  return runs
}

/** By the code typed: one staff page, the visitors booked first and listed. */
async function byCode(stack: Stack, browser: Browser, first: number) {
  const visits: Booked[] = []
  for (let run = 0; run < CHECK_IN_RUNS; run++) visits.push(await bookNow(stack, first + run))
  const context = await browser.newContext(PHONE)
  try {
    const staff = await context.newPage()
    await openSchedule(
      staff,
      stack,
      visits.map((visit) => visit.name),
    )
    const form = staff.locator('form.check-in-form')
    await form.getByLabel('현장').selectOption(SITE)
    const runs: Array<{sentMs: number; tapMs: number}> = []
    for (const visit of visits) {
      await form.getByLabel('도착 확인 번호').fill(visit.code)
      await armClock(staff, visit.name)
      await form.getByRole('button', {name: '방문 확인'}).click()
      runs.push(await checkInTimes(staff))
    }
    return runs
  } finally {
    await context.close()
  }
}

/** Two staff devices (two sign-ins) send each visitor's scanned QR code at once. */
async function doubleScans(stack: Stack, first: number) {
  const signIn = async () => {
    const answer = await fetch(`${stack.siteUrl}/api/admin/login`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(stack.admin),
    })
    return ((await answer.json()) as {accessToken: string}).accessToken
  }
  const devices = [await signIn(), await signIn()]
  const visits: Booked[] = []
  for (let i = 0; i < DOUBLE_SCANS; i++) visits.push(await bookNow(stack, first + i))
  const statuses = (
    await Promise.all(
      visits.flatMap((visit) =>
        devices.map(async (token) => {
          const answer = await fetch(`${stack.siteUrl}/api/admin/visits/check-in`, {
            method: 'POST',
            headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
            body: JSON.stringify({site: SITE, code: visit.code, visitId: visit.leadId}),
          })
          await answer.body?.cancel()
          return answer.status
        }),
      ),
    )
  ).sort()
  const client = new pg.Client({connectionString: stack.databaseUrl})
  await client.connect()
  try {
    const {rows} = await client.query<{n: number}>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'check-in' AND lead_id = ANY($1)`,
      [visits.map((visit) => visit.leadId)],
    )
    return {
      doubleScans: DOUBLE_SCANS,
      arrivals: rows[0]!.n,
      refused: statuses.filter((status) => status === 409).length,
    }
  } finally {
    await client.end()
  }
}

function summary(way: string, runs: Array<{sentMs: number; tapMs: number}>): CheckInTimes {
  const sent = runs.map((run) => run.sentMs)
  return {
    way,
    runs: runs.length,
    p50Ms: Math.round(percentile(sent, 50)),
    maxMs: Math.round(Math.max(...sent)),
    fromTapP50Ms: Math.round(
      percentile(
        runs.map((run) => run.tapMs),
        50,
      ),
    ),
  }
}

export async function benchCheckIn(
  stack: Stack,
  log: (line: string) => void,
): Promise<CheckInBenchResult> {
  const browser = await chromium.launch({executablePath: headlessShellPath(), args: CHROMIUM_FLAGS})
  try {
    log(`도착 확인을 QR 스캔으로 ${CHECK_IN_RUNS}번 잽니다…`)
    const qr = summary('QR 스캔', await byQrCode(stack, browser, 0))
    log(JSON.stringify(qr))
    log(`도착 확인 번호 입력으로 ${CHECK_IN_RUNS}번 잽니다…`)
    const code = summary('번호 입력', await byCode(stack, browser, 100))
    log(JSON.stringify(code))
    log(`같은 QR 코드를 직원 두 명이 동시에 스캔합니다 (${DOUBLE_SCANS}명)…`)
    return {times: [qr, code], ...(await doubleScans(stack, 200))}
  } finally {
    await browser.close()
  }
}

/** Each way's median within the target; each visitor scanned twice at once arrived once. */
export const checkInChecks = (result: CheckInBenchResult): BudgetCheck[] => [
  ...result.times.map((times) => ({
    check: `check-in by ${times.way} → 방문완료 on screen: median (ms)`,
    value: times.p50Ms,
    target: `≤ ${TARGETS.checkInMs}`,
    met: times.p50Ms <= TARGETS.checkInMs,
  })),
  {
    check: `check-in: one QR code sent by two staff at once, arrivals of ${result.doubleScans}`,
    value: result.arrivals,
    target: `= ${result.doubleScans}`,
    met: result.arrivals === result.doubleScans && result.refused === result.doubleScans,
  },
]
