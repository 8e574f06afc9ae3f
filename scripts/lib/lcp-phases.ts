/**
 * The four phases Lighthouse splits the Largest Contentful Paint into, from its
 * `largest-contentful-paint-element` audit: how long the page took to arrive (TTFB), how long
 * until the LCP resource was requested (load delay), its download (load time), and how long
 * the browser then took to draw it (render delay). A text LCP has no resource: its load delay
 * and load time are 0.
 */
export interface LcpPhases {
  ttfbMs: number
  loadDelayMs: number
  loadTimeMs: number
  renderDelayMs: number
}

/** Lighthouse's audit: a list of two tables, the element and its phases (`phase`, `timing`). */
interface ElementAudit {
  details?: {items?: readonly object[]}
}

const PHASES: Readonly<Record<string, keyof LcpPhases>> = {
  TTFB: 'ttfbMs',
  'Load Delay': 'loadDelayMs',
  'Load Time': 'loadTimeMs',
  'Render Delay': 'renderDelayMs',
}

/** The phases of a report's LCP, or null when Lighthouse found no LCP element. */
export function lcpPhases(audit: ElementAudit | undefined): LcpPhases | null {
  const rows = (audit?.details?.items ?? []).flatMap(
    (item) => ((item as {items?: unknown}).items ?? []) as {phase?: unknown; timing?: unknown}[],
  )
  const phases: LcpPhases = {ttfbMs: 0, loadDelayMs: 0, loadTimeMs: 0, renderDelayMs: 0}
  let found = false
  for (const row of rows) {
    const key = typeof row.phase === 'string' ? PHASES[row.phase] : undefined
    if (!key || typeof row.timing !== 'number') continue
    phases[key] = Math.round(row.timing)
    found = true
  }
  return found ? phases : null
}
