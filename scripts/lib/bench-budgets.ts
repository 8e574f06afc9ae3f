/**
 * The performance targets `npm run bench` checks, beside the size budget the build itself
 * enforces (src/build-steps/size-budgets.ts): Lighthouse's scores and CLS per page (each the
 * median of its runs), what the home page's first view transfers, and the staff endpoints'
 * medians over the seeded leads (20,000 over 90 days, `npm run bench -- leads`), and that the
 * 1,000 registrations sent across an outage of the delivery target are each kept and
 * delivered exactly once.
 */
export const TARGETS = {
  mobilePerformance: 90,
  desktopPerformance: 100,
  /**
   * The home page on a phone, whose first screen is one large picture: Performance, the LCP,
   * the LCP's render delay (the picture arrived and waits to be drawn) and Total Blocking Time.
   */
  homeMobile: {performance: 95, lcpMs: 2000, renderDelayMs: 400, tbtMs: 200},
  /** JavaScript a page transfers by the time it is idle, lazily loaded chunks included (KB). */
  jsByIdleKb: 130,
  /** Accessibility, Best Practices and SEO, on every page and form factor. */
  otherCategories: 100,
  maxCls: 0.01,
  homeFirstViewKb: 450,
  /** The dashboard's data (GET /api/admin/stats), over the whole 90 days. */
  dashboardMs: 500,
  /** A lead's page (GET /api/admin/leads/:id). */
  leadPageMs: 300,
  /** A file of every lead (20,000): the plain CSV and the encrypted ZIP alike. */
  exportMs: 5000,
  /**
   * A visitor's GET /api/visits/slots, p95, while 1,000 registrations flood 50 at once from
   * 100 addresses (`npm run bench -- flood`).
   */
  floodReadP95Ms: 2000,
  /**
   * A check-in at the door, from the QR code read (or the code sent) to 방문완료 on the staff's
   * screen, median (scripts/lib/check-in-bench.ts).
   */
  checkInMs: 1000,
} as const

/**
 * How Lighthouse slows a mobile load. `simulated` (its default) loads the page at full speed and
 * computes the timings slow 4G and a 4x slower CPU would give; it scales the LCP's phases from
 * the full-speed load, so on loopback the render delay is the share of the load after the
 * picture arrived, whatever the network. `applied` slows the load itself as it happens
 * (`--throttling-method=devtools`): the phases are timed, not scaled.
 */
export type Throttling = 'simulated' | 'applied'

/** How a measurement is named in the bench's tables and checks: `mobile, applied throttling`. */
export const measuredForm = (page: {formFactor: string; throttling: Throttling}): string =>
  `${page.formFactor}${page.throttling === 'applied' ? ', applied throttling' : ''}`

export interface MeasuredPage {
  path: string
  formFactor: 'mobile' | 'desktop'
  throttling: Throttling
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  cls: number
  transferKb: number
  lcpMs: number
  renderDelayMs: number
  tbtMs: number
  /** JavaScript transferred in the run, lazily loaded chunks included (KB). */
  jsKb: number
}

export interface BudgetCheck {
  check: string
  value: number
  target: string
  met: boolean
}

/**
 * Every target against the measured pages and each page's JavaScript before it is interactive (KB).
 */
export function budgetChecks(
  pages: readonly MeasuredPage[],
  startKb: ReadonlyMap<string, number>,
  scriptBudgetKb: number,
): BudgetCheck[] {
  const checks: BudgetCheck[] = []
  const atLeast = (check: string, value: number, target: number) =>
    checks.push({check, value, target: `≥ ${target}`, met: value >= target})
  const atMost = (check: string, value: number, target: number) =>
    checks.push({check, value, target: `≤ ${target}`, met: value <= target})
  for (const [path, kb] of startKb)
    atMost(`${path} JavaScript before interactive (KB, gzip)`, kb, scriptBudgetKb)
  for (const page of pages) {
    const name = `${page.path} ${measuredForm(page)}`
    atLeast(
      `${name} Performance`,
      page.performance,
      page.formFactor === 'mobile' ? TARGETS.mobilePerformance : TARGETS.desktopPerformance,
    )
    atLeast(`${name} Accessibility`, page.accessibility, TARGETS.otherCategories)
    atLeast(`${name} Best Practices`, page.bestPractices, TARGETS.otherCategories)
    atLeast(`${name} SEO`, page.seo, TARGETS.otherCategories)
    atMost(`${name} CLS`, page.cls, TARGETS.maxCls)
    atMost(`${name} JavaScript by idle (KB)`, page.jsKb, TARGETS.jsByIdleKb)
    if (page.path !== '/') continue
    atMost(`${name} first view transferred (KB)`, page.transferKb, TARGETS.homeFirstViewKb)
    if (page.formFactor !== 'mobile') continue
    const home = TARGETS.homeMobile
    atLeast(`${name} Performance (the home page)`, page.performance, home.performance)
    atMost(`${name} LCP (ms)`, page.lcpMs, home.lcpMs)
    atMost(`${name} LCP render delay (ms)`, page.renderDelayMs, home.renderDelayMs)
    atMost(`${name} TBT (ms)`, page.tbtMs, home.tbtMs)
  }
  return checks
}

/** A staff endpoint's median over its runs, against its limit. */
export interface EndpointTiming {
  what: string
  p50Ms: number
  targetMs: number
}

/** Every staff endpoint's median against its limit. */
export const endpointChecks = (timings: readonly EndpointTiming[]): BudgetCheck[] =>
  timings.map(({what, p50Ms, targetMs}) => ({
    check: `${what}: median (ms)`,
    value: p50Ms,
    target: `≤ ${targetMs}`,
    met: p50Ms <= targetMs,
  }))

/** What became of a burst of registrations sent across an outage of the delivery target. */
export interface RegistrationOutcome {
  where: string
  answered201: number
  /** Other answers, and requests that got no answer at all. */
  failed: number
  /** Leads stored with the run's marker. */
  rows: number
  /** Of those, the ones whose delivery is recorded as delivered. */
  deliveredRows: number
  /** Distinct leads the delivery target received. */
  deliveries: number
  deliveredTwice: number
}

/**
 * Nothing accepted is lost and nothing is sent twice: each of `total` registrations is
 * answered 201, stored once and delivered once, also those sent while the target was down.
 */
export const registrationChecks = (
  runs: readonly RegistrationOutcome[],
  total: number,
): BudgetCheck[] =>
  runs.flatMap((run) => {
    const exactly = (what: string, value: number, target: number): BudgetCheck => ({
      check: `${run.where}: ${what}`,
      value,
      target: `= ${target}`,
      met: value === target,
    })
    return [
      exactly(`registrations answered 201 of ${total}`, run.answered201, total),
      exactly('registrations refused or unanswered', run.failed, 0),
      exactly('leads stored', run.rows, total),
      exactly('leads recorded as delivered', run.deliveredRows, total),
      exactly('leads the target received', run.deliveries, total),
      exactly('leads the target received twice', run.deliveredTwice, 0),
    ]
  })
