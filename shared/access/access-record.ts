import {KST_OFFSET_MS} from '../korea-time.ts'

/*
 * The access record (접속기록) as the staff endpoints answer it and the 접속기록 점검 view
 * reads it.
 */

/** The tasks the record names, in the words of the rules it answers. */
export const ACCESS_TASKS = ['조회', '변경', '입력', '삭제', '출력', '다운로드'] as const
export type AccessTask = (typeof ACCESS_TASKS)[number]

export const isAccessTask = (value: string): value is AccessTask =>
  (ACCESS_TASKS as readonly string[]).includes(value)

/** Whose data a request touched. */
export interface AccessSubject {
  /** The leads acted on, by id. */
  leads?: string[]
  /** A list's filter, as the request gave it. */
  filter?: Record<string, string>
  /** How many the list or download held. */
  count?: number
  /** A number acted on that is not (yet) a lead's, such as a refusal of adverts. */
  phone?: string
}

/** What the review flags: downloads, many leads opened in an hour, night, a new address, refusals. */
export type AccessFlag = 'download' | 'bulk' | 'night' | 'new-address' | 'refused'

export interface AccessItem {
  at: string
  actor: string
  /** The client address itself. */
  address: string
  task: AccessTask
  subject: AccessSubject
  /** Why a download was made, as its person gave it; null otherwise. */
  reason: string | null
  method: string
  path: string
  status: number
  /** Why the request was refused; null when it was answered. */
  refused: string | null
  /** The receipt numbers of `subject.leads`, in order (null: the lead is erased). */
  receipts: Array<string | null>
  flags: AccessFlag[]
}

/** Night, for the review: from 22:00 to 07:00 in Seoul. */
export const NIGHT_STARTS_HOUR = 22
export const NIGHT_ENDS_HOUR = 7

export function isNight(ms: number): boolean {
  const hour = new Date(ms + KST_OFFSET_MS).getUTCHours()
  return hour >= NIGHT_STARTS_HOUR || hour < NIGHT_ENDS_HOUR
}

/** A month as the review names it: 'YYYY-MM'. */
export const isMonth = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value)

/** The month 'YYYY-MM' of the instant `ms` in Seoul. */
export const kstMonth = (ms: number): string =>
  new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 7)

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`
}

/** The month after `month`. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
}

/** The flags of the review of a period. */
export interface AccessFlags {
  downloads: Array<{
    at: string
    actor: string
    address: string
    count: number | null
    reason: string | null
  }>
  /** A person who opened more than the threshold of leads within an hour: the hour's peak. */
  bulk: Array<{actor: string; from: string; to: string; leads: number}>
  /** Access at night, per person and night (the date the night begins, in Seoul). */
  night: Array<{actor: string; night: string; first: string; last: string; requests: number}>
  /** The first use of an address the person had not used in the 30 days before. */
  newAddresses: Array<{actor: string; address: string; at: string}>
  refused: Array<{
    actor: string
    address: string
    refused: string
    first: string
    last: string
    requests: number
  }>
}

export interface AccessReviewMark {
  at: string
  reviewer: string
  note: string
}

export interface AccessReview {
  month: string
  /** More than this many leads opened by one person within an hour is flagged. */
  bulkThreshold: number
  /** Requests per person and task in the month. */
  people: Array<{actor: string; tasks: Partial<Record<AccessTask, number>>; total: number}>
  flags: AccessFlags
  reviews: AccessReviewMark[]
}
