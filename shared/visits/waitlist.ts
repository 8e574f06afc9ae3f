/**
 * The waiting list's contract, shared by the functions and the site: how long an offered
 * seat is held, what the claim page reads, and every Korean message of the waiting list.
 */
import {FIELD_MESSAGES} from '../leads/messages.ts'

/** Joining a full slot's waiting list (the registration's body, JSON only). */
export const WAITLIST_ENDPOINT = '/api/visits/waitlist'

/** An offered seat is held for its waiting visitor this long. */
export const OFFER_MINUTES = 30

/** Where a waiting-list entry stands (migration 0023). */
export type WaitlistStatus = 'waiting' | 'offered' | 'claimed' | 'expired'

/** `GET /api/visits/waitlist/:token`: the entry as its claim page shows it. */
export interface WaitlistView {
  site: string
  siteName: string
  name: string
  /** The slot waited for (`YYYY-MM-DDTHH:mm`). */
  start: string
  status: WaitlistStatus
  /** While offered: when the held seat goes to the next (ISO). */
  expiresAt?: string
  /** While waiting: how many are before this entry. */
  ahead?: number
  /** The link is the one texted to the number: only it claims. */
  owner: boolean
  /** Once claimed: the visitor's page of the booked visit. */
  manageUrl?: string
}

/** The site's path of the claim page of a token. */
export const waitlistPagePath = (site: string, token: string): string =>
  `/${encodeURIComponent(site)}/waitlist/${token}`

/** Why a join stored nothing (409), by the code visits/waitlist.ts answers. */
export const WAITLIST_JOIN_REFUSALS = {
  /** The slot has a seat: book it instead. */
  'not-full': '이 시간에는 아직 자리가 있습니다. 대기 신청 대신 바로 예약해 주세요.',
  /** A second join of one number for one slot. */
  already: '이 번호로 이미 이 시간의 대기 신청을 하셨습니다. 자리가 나면 문자로 알려 드립니다.',
  /** The number holds a coming visit on the site (one coming visit per number). */
  'has-visit':
    '이미 예약하신 방문이 있어 대기 신청을 받을 수 없습니다. 예약 시간 변경은 문자로 받으신 링크에서 해 주세요.',
} as const

export const WAITLIST_MESSAGES = {
  required: FIELD_MESSAGES.visitAt.required,
  unsupported: 'JSON 형식(application/json)으로 보내 주세요.',
  joined:
    '대기 신청이 접수되었습니다. 자리가 나면 문자로 알려 드리고, 30분 동안 자리를 잡아 둡니다.',
  notFound: '대기 신청 정보를 찾을 수 없습니다. 문자로 받으신 링크를 다시 확인해 주세요.',
  notOffered:
    '아직 순서가 되지 않았습니다. 자리가 나면 문자로 알려 드립니다. 그때 받으신 링크에서 확정해 주세요.',
  expired: `확정 시간(${OFFER_MINUTES}분)이 지나 자리가 다음 대기자에게 넘어갔습니다. 다른 시간으로 예약해 주세요.`,
  claimed: '이미 확정된 예약입니다. 예약 확인 페이지에서 확인해 주세요.',
  notOwner:
    '자리 확정은 대기 신청한 휴대전화로 받으신 문자의 링크에서만 할 수 있습니다. 문자의 링크를 열어 주세요.',
  unavailable: '일시적인 장애로 대기 신청 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const
