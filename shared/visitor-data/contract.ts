/**
 * A visitor's own data (열람·정정·삭제·처리정지): what the data page, the privacy page's form,
 * the staff's 요청 처리 and the functions agree on. Pure, so the browser and the functions
 * run the same rules. docs/visitors-rights.md tells the whole of it.
 */
import {DAY_MS, KST_OFFSET_MS} from '#shared/korea-time.ts'
import type {LeadSource, LeadStage} from '#shared/leads/lead.ts'
import type {OutboxKind} from '#shared/texts/render.ts'

export const CODE_DIGITS = 6
/** A code is good for this long, for this many tries, once. */
export const CODE_MINUTES = 5
export const CODE_TRIES = 5
/** The data page's session after a code: short, and kept in the tab only. */
export const SESSION_MINUTES = 15
/** A request staff answer is due this many days after it was made (개인정보 보호법 시행령 제41조). */
export const REQUEST_DUE_DAYS = 10
/** Characters of a visitor's request and of staff's answer (which goes as one LMS). */
export const REQUEST_BODY_MAX = 1000
export const ANSWER_MAX = 500

export const VISITOR_API = {
  code: '/api/visitor/code',
  verify: '/api/visitor/verify',
  data: '/api/visitor/data',
  erase: '/api/visitor/erase',
  name: '/api/visitor/name',
  phone: '/api/visitor/phone',
  phoneConfirm: '/api/visitor/phone/confirm',
  marketing: '/api/visitor/marketing',
  requests: '/api/visitor/requests',
} as const

/** The data page of a site; with a link's token, it sends the code to that link's number. */
export const myInfoPath = (site: string, token?: string): string =>
  `/${encodeURIComponent(site)}/my-info${token ? `/${token}` : ''}`

/** How the visitor proved they hold the number: a code, asked from a link or from the form. */
export type VerifiedBy = 'code-link' | 'code-form'

/** Requests the data page answers on the spot. */
export const DONE_KINDS = [
  'view',
  'correct-name',
  'correct-phone',
  'erase',
  'stop-marketing',
] as const
/** Requests the page cannot do itself: staff answer them by text within REQUEST_DUE_DAYS. */
export const STAFF_KINDS = ['other-channel', 'objection', 'other'] as const
export type StaffRequestKind = (typeof STAFF_KINDS)[number]
export type RequestKind = (typeof DONE_KINDS)[number] | StaffRequestKind
export type RequestStatus = 'done' | 'open' | 'answered' | 'closed'

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  view: '내 정보 열람',
  'correct-name': '이름 정정',
  'correct-phone': '연락처 변경',
  erase: '전체 삭제',
  'stop-marketing': '마케팅 수신 중단',
  'other-channel': '다른 경로로 제공한 정보',
  objection: '처리 정지·이의 제기',
  other: '그 밖의 요청',
}

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  done: '처리 완료',
  open: '처리 중',
  answered: '답변 완료',
  closed: '삭제로 종료',
}

/** `POST /api/visitor/verify` and `/api/visitor/phone/confirm`: the page's session. */
export interface VisitorSession {
  ok: true
  token: string
  /** ISO time the session ends. */
  expiresAt: string
}

/** `POST /api/visitor/code`: where the code went (masked), never whether the number is known. */
export interface CodeSent {
  ok: true
  /** `010-****-5678`. */
  sentTo: string
  expiresInMinutes: number
}

export interface VisitorLead {
  receipt: string
  createdAt: string
  source: LeadSource
  name: string
  phone: string
  message: string | null
  /** The UTM parameters, first page and referring host the registration came with. */
  attribution: Record<string, string>
  /** Where staff stand with it now, and each change (not who made it, nor their notes). */
  stage: LeadStage
  stages: {at: string; from: LeadStage | null; to: LeadStage}[]
  /** When it reached the form-collection service, if it did. */
  forwardedAt: string | null
}

export interface VisitorVisit {
  receipt: string
  /** `visit`: a booked time; `waitlist`: a full time waited for. */
  type: 'visit' | 'waitlist'
  /** The visit's time (`2026-11-27T10:00:00+09:00`). */
  visitAt: string
  /** booked / cancelled, or the waiting list's waiting / offered / claimed / expired. */
  status: string
  at: string
  changedAt: string | null
  arrivedAt: string | null
  confirmedAt: string | null
  noShowAt: string | null
}

export interface VisitorText {
  at: string
  kind: OutboxKind
  status: string
  text: string
}

export interface VisitorConsent {
  receipt: string
  kind: 'privacy' | 'marketing'
  given: boolean
  /** The privacy notice's revision the consent was given to (its ISO time), or null. */
  version: string | null
  at: string
  /** Marketing only: when the number's owner confirmed it through the texted link. */
  confirmedAt: string | null
  /** Marketing only: when it was withdrawn. */
  withdrawnAt: string | null
}

export interface VisitorRequest {
  id: number
  kind: RequestKind
  at: string
  status: RequestStatus
  body: string | null
  dueAt: string | null
  answeredAt: string | null
  answer: string | null
}

/** `GET /api/visitor/data`: everything kept about the number on the site. */
export interface VisitorData {
  ok: true
  site: string
  siteName: string
  phone: string
  leads: VisitorLead[]
  visits: VisitorVisit[]
  texts: VisitorText[]
  consents: VisitorConsent[]
  /** The number's refusal of advertising texts, kept on the refusal list. */
  refusal: {at: string; source: string} | null
  requests: VisitorRequest[]
  /** The session's end (ISO). */
  expiresAt: string
}

/** `POST /api/visitor/erase`: how much went. */
export interface Erased {
  ok: true
  leads: number
  visits: number
  waitlist: number
  texts: number
}

/** A request in the staff's 요청 처리 queue (`GET /api/admin/requests`). */
export interface StaffRequestItem {
  id: number
  site: string
  kind: StaffRequestKind
  at: string
  dueAt: string
  status: RequestStatus
  /** The number to answer, while the request is open. */
  phone: string | null
  body: string | null
  answeredAt: string | null
  answeredBy: string | null
  answer: string | null
}

export interface StaffRequests {
  ok: true
  items: StaffRequestItem[]
  open: number
  /** The nearest deadline of an open request (ISO), or null. */
  nearestDueAt: string | null
}

/** `010-****-5678`: a number as a page shows it before the code. */
export const maskPhone = (phone: string): string =>
  phone.replace(
    /^(\d+)-(\d+)-(\d{4})$/,
    (_, head: string, middle: string, tail: string) =>
      `${head}-${'*'.repeat(middle.length)}-${tail}`,
  )

/** Whole days left until `dueAt` (negative once past), counted at `now` by Seoul's dates. */
export function daysLeft(dueAt: number, now: number): number {
  const day = (ms: number) => Math.floor((ms + KST_OFFSET_MS) / DAY_MS)
  return day(dueAt) - day(now)
}
