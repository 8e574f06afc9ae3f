/*
 * The scheduled functions, as the health page and the lateness alarm know them: each one's
 * schedule (the same cron as its `config.schedule`, which jobs.test.ts checks) and the longest
 * it may go without a run before it counts as late.
 */

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** A job is late once no run has started within its interval and this much more. */
export const LATE_AFTER_MS = 10 * MINUTE_MS

export interface ScheduledJob {
  name: string
  /** What it does, in Korean. */
  label: string
  schedule: string
  /** The schedule in Korean words. */
  every: string
  intervalMs: number
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    name: 'send-texts',
    label: '문자 발송',
    schedule: '* * * * *',
    every: '매분',
    intervalMs: MINUTE_MS,
  },
  {
    name: 'deliver-leads',
    label: '문의 전달 재시도',
    schedule: '*/5 * * * *',
    every: '5분마다',
    intervalMs: 5 * MINUTE_MS,
  },
  {
    name: 'no-shows',
    label: '노쇼 기록',
    schedule: '*/5 * * * *',
    every: '5분마다',
    intervalMs: 5 * MINUTE_MS,
  },
  {
    name: 'publish-follow-up',
    label: '게시 후 이어지는 빌드',
    schedule: '* * * * *',
    every: '매분',
    intervalMs: MINUTE_MS,
  },
  {
    name: 'visit-reminders',
    label: '방문 전날 알림 문자',
    schedule: '0 1 * * *',
    every: '매일 10:00',
    intervalMs: DAY_MS,
  },
  {
    name: 'destroy-expired',
    label: '보관 기간 지난 개인정보 파기',
    schedule: '0 19 * * *',
    every: '매일 04:00',
    intervalMs: DAY_MS,
  },
  {
    name: 'consent-reminders',
    label: '수신 동의 확인 안내',
    schedule: '0 1 * * *',
    every: '매일 10:00',
    intervalMs: DAY_MS,
  },
  {
    name: 'provider-refusals',
    label: '080 수신거부 목록 읽기',
    schedule: '0 0 * * *',
    every: '매일 09:00',
    intervalMs: DAY_MS,
  },
]

export const scheduledJob = (name: string): ScheduledJob | undefined =>
  SCHEDULED_JOBS.find((job) => job.name === name)

/**
 * Whether a job whose last run started at `lastRunAt` is late at `now`. A job with no run
 * recorded is not: a new deploy has run nothing yet, and a daily job would be late for a day.
 */
export function isLate(job: ScheduledJob, lastRunAt: number | null, now: number): boolean {
  return lastRunAt !== null && now - lastRunAt > job.intervalMs + LATE_AFTER_MS
}
