import {describe, expect, it} from 'vitest'
import {
  budgetChecks,
  endpointChecks,
  registrationChecks,
  TARGETS,
  type MeasuredPage,
} from './bench-budgets.ts'

const page = (overrides: Partial<MeasuredPage> = {}): MeasuredPage => ({
  path: '/',
  formFactor: 'mobile',
  throttling: 'simulated',
  performance: 96,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  transferKb: 400,
  lcpMs: 1800,
  renderDelayMs: 300,
  tbtMs: 100,
  jsKb: 125,
  ...overrides,
})

const failed = (checks: ReturnType<typeof budgetChecks>) =>
  checks.filter((check) => !check.met).map((check) => check.check)

describe('the benchmark targets', () => {
  it('passes pages that meet every target', () => {
    const checks = budgetChecks(
      [page(), page({formFactor: 'desktop', performance: 100})],
      new Map([['/', 114]]),
      130,
    )
    expect(failed(checks)).toEqual([])
    expect(checks.map((check) => check.check)).toContain('/ mobile first view transferred (KB)')
  })

  it('holds mobile to 90 and desktop to 100, and every other category to 100', () => {
    const checks = budgetChecks(
      [
        page({path: '/FloorPlan/84A', performance: 89}),
        page({formFactor: 'desktop', performance: 99}),
        page({path: '/Brand/intro', seo: 92}),
      ],
      new Map(),
      130,
    )
    expect(failed(checks)).toEqual([
      '/FloorPlan/84A mobile Performance',
      '/ desktop Performance',
      '/Brand/intro mobile SEO',
    ])
  })

  it('flags layout shift, a heavy home page and JavaScript over the build budget', () => {
    const checks = budgetChecks(
      [page({cls: 0.02, transferKb: 451})],
      new Map([['/FloorPlan/84A', 131]]),
      130,
    )
    expect(failed(checks)).toEqual([
      '/FloorPlan/84A JavaScript before interactive (KB, gzip)',
      '/ mobile CLS',
      '/ mobile first view transferred (KB)',
    ])
  })

  it('holds the home page on a phone to its paint targets, and every page to its JavaScript by idle', () => {
    const checks = budgetChecks(
      [
        page({performance: 94, lcpMs: 2001, renderDelayMs: 401, tbtMs: 201, jsKb: 131}),
        page({formFactor: 'desktop', performance: 100, lcpMs: 2500, tbtMs: 300}),
        page({path: '/Brand/intro', performance: 91, lcpMs: 2600, renderDelayMs: 900}),
      ],
      new Map(),
      130,
    )
    expect(failed(checks)).toEqual([
      '/ mobile JavaScript by idle (KB)',
      '/ mobile Performance (the home page)',
      '/ mobile LCP (ms)',
      '/ mobile LCP render delay (ms)',
      '/ mobile TBT (ms)',
    ])
  })

  it('holds the home page to its paint targets under applied throttling too, named apart', () => {
    const checks = budgetChecks(
      [page({lcpMs: 2400, renderDelayMs: 1200}), page({throttling: 'applied', lcpMs: 1900})],
      new Map(),
      130,
    )
    expect(failed(checks)).toEqual(['/ mobile LCP (ms)', '/ mobile LCP render delay (ms)'])
    expect(checks.map((check) => check.check)).toContain(
      '/ mobile, applied throttling LCP render delay (ms)',
    )
  })

  it('holds the dashboard to 500 ms and a lead’s page to 300 ms, by their medians', () => {
    const checks = endpointChecks([
      {what: 'dashboard, 90 days', p50Ms: 500, targetMs: TARGETS.dashboardMs},
      {what: 'lead page', p50Ms: 301, targetMs: TARGETS.leadPageMs},
    ])
    expect(checks).toEqual([
      {check: 'dashboard, 90 days: median (ms)', value: 500, target: '≤ 500', met: true},
      {check: 'lead page: median (ms)', value: 301, target: '≤ 300', met: false},
    ])
  })
})

describe('the registrations across an outage', () => {
  const run = {
    where: 'netlify-cli',
    answered201: 1000,
    failed: 0,
    rows: 1000,
    deliveredRows: 1000,
    deliveries: 1000,
    deliveredTwice: 0,
  }

  it('are met when every one is answered, stored and delivered exactly once', () => {
    const checks = registrationChecks([run], 1000)
    expect(checks.length).toBeGreaterThan(0)
    expect(checks.filter((check) => !check.met)).toEqual([])
  })

  it.each([
    ['a refused registration', {answered201: 999, failed: 1}, 'refused or unanswered'],
    ['a lead not stored', {rows: 999}, 'leads stored'],
    ['a lead still undelivered', {deliveredRows: 999}, 'recorded as delivered'],
    ['a lead the target never got', {deliveries: 999}, 'the target received'],
    ['a lead sent twice', {deliveredTwice: 1}, 'received twice'],
  ])('are missed by %s', (_, change, missed) => {
    const failing = registrationChecks([{...run, ...change}], 1000).filter((check) => !check.met)
    expect(failing.map((check) => check.check).join('\n')).toContain(missed)
    expect(failing.every((check) => check.check.startsWith('netlify-cli: '))).toBe(true)
  })
})
