import {daysLeft} from '#shared/visitor-data/contract.ts'

const dayFormat = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'Asia/Seoul',
})

/** A request's deadline as staff read it: `11월 30일 (월) · 4일 남음`, `오늘 마감`, `2일 지남`. */
export function deadlineLabel(dueAt: string, now = Date.now()): {text: string; late: boolean} {
  const left = daysLeft(Date.parse(dueAt), now)
  const day = dayFormat.format(new Date(dueAt))
  if (left > 0) return {text: `${day} · ${left}일 남음`, late: false}
  if (left === 0) return {text: `${day} · 오늘 마감`, late: true}
  return {text: `${day} · ${-left}일 지남`, late: true}
}
