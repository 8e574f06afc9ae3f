import type {JobHealth, OpenIncident} from '#shared/operations/health.ts'

/* How 운영 상태 words its figures: sizes, ages, durations, a job's state and an incident. */

const MINUTE_MS = 60_000

/** `1.4 GB`, `312.5 MB`, `48 KB`. */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

/** How long ago `iso` was at `now`: `방금`, `35분`, `3시간 5분`, `2일 4시간`. */
export function ageText(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / MINUTE_MS))
  if (minutes < 1) return '1분 미만'
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor(minutes / 60) % 24
  if (days > 0) return hours > 0 ? `${days}일 ${hours}시간` : `${days}일`
  if (hours > 0) return minutes % 60 > 0 ? `${hours}시간 ${minutes % 60}분` : `${hours}시간`
  return `${minutes}분`
}

/** A run's duration: `0.4초`, `12초`, `1분 5초`. */
export function durationText(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}초`
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds}초` : `${Math.floor(seconds / 60)}분 ${seconds % 60}초`
}

export type JobState = 'late' | 'failed' | 'ok' | 'unknown'

/** A job's state, worst first: late, its last run failed, well, or no run recorded yet. */
export function jobState(job: JobHealth): JobState {
  if (job.late) return 'late'
  if (job.lastOk === false) return 'failed'
  return job.lastRunAt ? 'ok' : 'unknown'
}

export const JOB_STATE_LABELS: Readonly<Record<JobState, string>> = {
  late: '늦어짐',
  failed: '지난 실행 실패',
  ok: '정상',
  unknown: '실행 기록 없음',
}

/** What an open incident is about, as its heading. */
export function incidentTitle(incident: OpenIncident, jobs: readonly JobHealth[] = []): string {
  switch (incident.kind) {
    case 'texts':
      return '문자 발송 실패'
    case 'forwarding':
      return '문의 전달 실패'
    case 'job': {
      const label = jobs.find((job) => job.name === incident.subject)?.label ?? incident.subject
      return `예약 작업 지연: ${label}`
    }
  }
}
