/**
 * Press dates as Korean readers expect them, always in Korea's time zone. They are put
 * together from numeric parts: Node's ICU writes the day period as "PM" where browsers
 * write "오후", and the prerendered text must match what the browser renders.
 */

const seoulParts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
})

function partsOf(iso: string) {
  const parts = Object.fromEntries(
    seoulParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  )
  return {
    year: parts.year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** The list's 작성일, e.g. 2026.11.21 (a board's usual short form). */
export function formatListDate(iso: string): string {
  const {year, month, day} = partsOf(iso)
  return `${year}.${twoDigits(month)}.${twoDigits(day)}`
}

/** The post's date and time, e.g. 2026년 11월 21일 오후 3:05. */
export function formatPostDateTime(iso: string): string {
  const {year, month, day, hour, minute} = partsOf(iso)
  const period = hour < 12 ? '오전' : '오후'
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  return `${year}년 ${month}월 ${day}일 ${period} ${hour12}:${twoDigits(minute)}`
}
