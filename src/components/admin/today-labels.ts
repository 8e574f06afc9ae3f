import {CALL_OUTCOME_LABELS} from '#shared/leads/calls.ts'
import {reasonDue, type CallReason, type LastCall} from '#shared/leads/today.ts'
import {addDays, kstDate, kstTime} from '#shared/korea-time.ts'
import {formatVisitDay} from '#shared/visits/visit-time.ts'

/*
 * The words of 오늘's calls: why each lead is listed and when, as a counsellor reads them at a
 * glance. Pure.
 */

/** An instant as staff say it on the day: `오늘 14:00`, `어제 18:30`, `내일 10:00`, or the date. */
export function whenText(iso: string, now: number): string {
  const ms = Date.parse(iso)
  const date = kstDate(ms)
  const today = kstDate(now)
  const day =
    date === today
      ? '오늘'
      : date === addDays(today, -1)
        ? '어제'
        : date === addDays(today, 1)
          ? '내일'
          : formatVisitDay(date)
  return `${day} ${kstTime(ms)}`
}

/** Why the lead is to be called, with its time; `late` when that time has passed. */
export function reasonText(
  reason: CallReason,
  lastCall: LastCall | null,
  now: number,
): {text: string; late: boolean} {
  const late = reasonDue(reason, lastCall, now).overdue
  switch (reason.kind) {
    case 'new': {
      const received = `신규 문의 · ${whenText(reason.receivedAt, now)} 접수`
      // Once called, the contact limit is met whatever the outcome.
      if (lastCall || !reason.dueAt) return {text: received, late}
      const due = whenText(reason.dueAt, now)
      return {text: `${received} · 첫 연락 기한 ${due}${late ? ' 지남' : ''}`, late}
    }
    case 'callback':
      return {
        text: late
          ? `재통화 약속 시각 지남 · ${whenText(reason.at, now)}`
          : `재통화 약속 · ${whenText(reason.at, now)}`,
        late,
      }
    case 'unconfirmed':
      return {text: `방문 확인 안 됨 · ${whenText(reason.visitAt, now)} 방문 예약`, late}
    case 'offer':
      return {
        text: `대기 자리 안내 중 · ${whenText(reason.visitAt, now)} 방문 · ${kstTime(Date.parse(reason.until))}까지 확정`,
        late,
      }
  }
}

/** The latest call: `최근 통화 오늘 14:02 · 부재`. */
export const lastCallText = (call: LastCall, now: number): string =>
  `최근 통화 ${whenText(call.at, now)} · ${CALL_OUTCOME_LABELS[call.outcome]}`
