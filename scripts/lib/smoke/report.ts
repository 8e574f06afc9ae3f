/** What `npm run smoke` found: one row per check, a table of them, and the exit it makes. */

export interface Check {
  /** The kind of check: `page`, `function`, `health`, … */
  step: string
  /** What was checked: a path, an endpoint, a job. */
  target: string
  ok: boolean
  /** What was seen, or what was wrong. */
  detail: string
}

export const passed = (step: string, target: string, detail = ''): Check => ({
  step,
  target,
  ok: true,
  detail,
})
export const failed = (step: string, target: string, detail: string): Check => ({
  step,
  target,
  ok: false,
  detail,
})

/** The checks as an aligned table: step, target, PASS or FAIL, detail. */
export function smokeTable(checks: readonly Check[]): string {
  const rows = [
    ['step', 'target', 'result', 'detail'],
    ...checks.map((check) => [check.step, check.target, check.ok ? 'PASS' : 'FAIL', check.detail]),
  ]
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/**
 * The run's verdict: exit 0 only when checks ran and every one passed; otherwise 1 and the
 * failures listed, each with what was wrong.
 */
export function smokeVerdict(checks: readonly Check[]): {exitCode: 0 | 1; summary: string} {
  if (checks.length === 0) return {exitCode: 1, summary: 'No check ran.'}
  const failures = checks.filter((check) => !check.ok)
  if (failures.length === 0) return {exitCode: 0, summary: `All ${checks.length} checks passed.`}
  return {
    exitCode: 1,
    summary: [
      `${failures.length} of ${checks.length} checks failed:`,
      ...failures.map((check) => `- ${check.step} ${check.target}: ${check.detail}`),
    ].join('\n'),
  }
}
