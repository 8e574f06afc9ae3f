/** Figures as Korean real-estate documents write them. */

const decimal = new Intl.NumberFormat('ko-KR', {maximumFractionDigits: 4})

/** 106050.4985 → "106,050.4985" (thousands grouped, up to four decimals as recorded). */
export function formatNumber(value: number): string {
  return decimal.format(value)
}

/** An area in square metres: "106,050.4985㎡". */
export function formatArea(value: number): string {
  return `${formatNumber(value)}㎡`
}

/** A ratio in percent: "229.55%". */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`
}

/** The building height: "지하 3층 ~ 지상 15층" (no basement part when there is none). */
export function formatFloors(basement: number | null | undefined, aboveGround: number): string {
  const above = `지상 ${formatNumber(aboveGround)}층`
  return basement ? `지하 ${formatNumber(basement)}층 ~ ${above}` : above
}

/**
 * A count with its Korean counter: formatCount(9, '개 동') → "9개 동", formatCount(440, '세대') →
 * "440세대".
 */
export function formatCount(value: number, counter: string): string {
  return `${formatNumber(value)}${counter}`
}
