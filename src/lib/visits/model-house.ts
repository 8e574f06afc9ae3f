import {addDays, isCalendarDate} from '#shared/korea-time.ts'
import {minutesOf, SCHEDULE_DEFAULTS, type StoredHouse} from '#shared/visits/schedule.ts'
import {formatVisitDay, WEEKDAY_NAMES} from '#shared/visits/visit-time.ts'

/** What the model-house block states: where the house is, when it opens and when it does not. */
export type ModelHouseFacts = Pick<
  StoredHouse,
  'address' | 'mapUrl' | 'hours' | 'closedDates' | 'openOnHolidays' | 'bookingDays'
>

/** The week as Korean calendars and notices write it: Monday first. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const

/** The opening ranges of each weekday, in order of opening: `10:00–12:00, 13:00–18:00`. */
function rangesByWeekday(hours: ModelHouseFacts['hours']): Map<number, string> {
  const ranges = new Map<number, Array<[number, string]>>()
  for (const {weekday, opens, closes} of hours ?? []) {
    if (typeof weekday !== 'number' || !opens || !closes) continue
    const from = minutesOf(opens)
    const to = minutesOf(closes)
    if (from === null || to === null || to <= from) continue
    ranges.set(weekday, [...(ranges.get(weekday) ?? []), [from, `${opens}–${closes}`]])
  }
  return new Map(
    [...ranges].map(([weekday, list]) => [
      weekday,
      [...new Set(list.sort((a, b) => a[0] - b[0]).map(([, text]) => text))].join(', '),
    ]),
  )
}

/** Weekdays as one name: `화–일` for a run of three or more, `토·일` for two, `화·목` apart. */
function weekdayNames(weekdays: readonly number[]): string {
  const positions = weekdays.map((weekday) => WEEK.indexOf(weekday as (typeof WEEK)[number]))
  const runs: number[][] = []
  for (const position of positions) {
    const run = runs.at(-1)
    if (run && run.at(-1) === position - 1) run.push(position)
    else runs.push([position])
  }
  return runs
    .map((run) =>
      run.length >= 3
        ? `${WEEKDAY_NAMES[WEEK[run[0]!]!]}–${WEEKDAY_NAMES[WEEK[run.at(-1)!]!]}`
        : run.map((position) => WEEKDAY_NAMES[WEEK[position]!]).join('·'),
    )
    .join('·')
}

/**
 * The opening hours, the days that share them on one line: `화–일 10:00–18:00`; a lunch break
 * is two ranges, `월–금 10:00–12:00, 13:00–18:00`.
 */
export function openingLines(hours: ModelHouseFacts['hours']): string[] {
  const byWeekday = rangesByWeekday(hours)
  const groups = new Map<string, number[]>()
  for (const weekday of WEEK) {
    const ranges = byWeekday.get(weekday)
    if (ranges) groups.set(ranges, [...(groups.get(ranges) ?? []), weekday])
  }
  return [...groups].map(([ranges, weekdays]) => `${weekdayNames(weekdays)} ${ranges}`)
}

/** The days the house stays closed in `today`'s booking window and beyond: each a sentence. */
export function closedLines(house: ModelHouseFacts, today: string): string[] {
  const open = rangesByWeekday(house.hours)
  const closedWeekdays = WEEK.filter((weekday) => !open.has(weekday))
  const lines: string[] = []
  if (open.size > 0 && closedWeekdays.length > 0)
    lines.push(`매주 ${weekdayNames(closedWeekdays)}요일 휴관`)
  if (!(house.openOnHolidays ?? SCHEDULE_DEFAULTS.openOnHolidays)) lines.push('공휴일 휴관')
  const last = addDays(today, (house.bookingDays ?? SCHEDULE_DEFAULTS.bookingDays) - 1)
  const dates = [...new Set(house.closedDates ?? [])]
    .filter((date) => isCalendarDate(date) && date >= today && date <= last)
    .sort()
  if (dates.length > 0) lines.push(`${dates.map(formatVisitDay).join(', ')} 휴관`)
  return lines
}

const MAP_SERVICES: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)naver\.(com|me)$/, '네이버 지도'],
  [/(^|\.)(kakao\.com|kko\.to)$/, '카카오맵'],
  [/(^|\.)google\.[a-z.]+$|^maps\.app\.goo\.gl$/, '구글 지도'],
]

/** The map link's words: which map opens, when its address tells. */
export function mapLinkLabel(url: string): string {
  let host = ''
  try {
    host = new URL(url).hostname
  } catch {
    return '지도 보기'
  }
  const service = MAP_SERVICES.find(([pattern]) => pattern.test(host))?.[1]
  return service ? `지도 보기 (${service})` : '지도 보기'
}
