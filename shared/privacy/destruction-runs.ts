/*
 * The record of what the retention job destroyed: counts per kind of data, never whose.
 * `GET /api/admin/destruction-runs` answers it and the staff workspace shows it.
 */

/** The kinds of data a run destroys, in the order the workspace shows them, with their names. */
export const DESTROYED_KINDS = {
  leads: '등록',
  visits: '방문 예약',
  texts: '문자',
  notes: '상담 메모',
  deliveries: '전달 기록',
  waitlistEntries: '대기 신청',
  sessions: '로그인 세션',
  counters: '요청 제한 기록',
  accessRecords: '접근 기록',
  staffLinks: '직원 초대·재설정 링크',
  staffAccountChanges: '직원 권한 변경 기록',
  visitorCodes: '인증번호',
  visitorRequests: '내 정보 요청 기록',
} as const

export type DestroyedKind = keyof typeof DESTROYED_KINDS
export type Destroyed = Record<DestroyedKind, number>

export interface DestructionRun {
  /** When it ran (ISO 8601). */
  at: string
  /** Registrations received before this instant were destroyed (ISO 8601). */
  leadsBefore: string
  destroyed: Destroyed
}

/** `GET /api/admin/destruction-runs`: the latest runs, newest first, and the retention then. */
export interface DestructionRuns {
  ok: true
  retentionDays: number
  runs: DestructionRun[]
}
