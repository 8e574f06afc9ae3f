import type {LeadStage} from './lead.ts'

/*
 * The staff's funnel: 신규 → 연락완료 → 방문예약 → 방문완료 → 계약. A lead counts at every step
 * up to the one its stage has reached: a contract was also contacted, booked and visited; a
 * no-show was booked; a lead on hold counts as new only.
 */

export const FUNNEL_STEPS = ['new', 'contacted', 'booked', 'visited', 'contracted'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

const REACHED: Record<LeadStage, number> = {
  new: 0,
  'on-hold': 0,
  contacted: 1,
  booked: 2,
  'no-show': 2,
  visited: 3,
  contracted: 4,
}

export interface FunnelRow {
  step: FunnelStep
  leads: number
  /** Share of the previous step's leads that reached this one (0–1); null for the first step. */
  rate: number | null
}

/** The funnel from the number of leads at each stage. */
export function funnel(byStage: Partial<Record<LeadStage, number>>): FunnelRow[] {
  const counts = FUNNEL_STEPS.map((_, index) =>
    Object.entries(byStage).reduce(
      (sum, [stage, leads]) => (REACHED[stage as LeadStage] >= index ? sum + (leads ?? 0) : sum),
      0,
    ),
  )
  return FUNNEL_STEPS.map((step, index) => {
    const previous = index === 0 ? null : counts[index - 1]!
    return {
      step,
      leads: counts[index]!,
      rate: previous === null ? null : previous === 0 ? 0 : counts[index]! / previous,
    }
  })
}
