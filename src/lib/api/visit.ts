import {isVisitSlot, type VisitSlot} from '../visits/slots.ts'
import type {VisitView} from '#shared/visits/visit-view.ts'

export type VisitAnswer =
  | {kind: 'ok'; visit: VisitView}
  /** A refusal with the server's Korean words; a full slot brings the nearest free ones. */
  | {kind: 'refused'; status: number; error: string; slots: VisitSlot[]}
  | {kind: 'error'}

export type VisitAction = 'cancel' | 'move' | 'consent' | 'confirm'

const visitUrl = (token: string, action?: VisitAction) =>
  `/api/visits/${encodeURIComponent(token)}${action ? `/${action}` : ''}`

/** Words for a refusal whose body says nothing (a proxy's page). */
const FALLBACK_ERRORS: Record<number, string> = {
  404: '예약 정보를 찾을 수 없습니다. 받으신 링크가 정확한지 확인해 주세요.',
  410: '방문일이 지나 더 이상 확인하거나 변경할 수 없는 예약입니다.',
  409: '지금은 이 예약을 변경할 수 없습니다. 페이지를 새로 고쳐 확인해 주세요.',
  429: '변경 요청이 너무 많습니다. 나중에 다시 시도해 주세요.',
}

async function answerOf(request: Promise<Response>): Promise<VisitAnswer> {
  let response: Response
  try {
    response = await request
  } catch {
    return {kind: 'error'}
  }
  let body: {ok?: unknown; visit?: unknown; error?: unknown; slots?: unknown} = {}
  try {
    body = ((await response.json()) as typeof body | null) ?? {}
  } catch {
    // Not JSON: the status alone decides.
  }
  if (response.ok && body.ok === true && typeof body.visit === 'object' && body.visit)
    return {kind: 'ok', visit: body.visit as VisitView}
  if (response.status >= 500) return {kind: 'error'}
  return {
    kind: 'refused',
    status: response.status,
    error:
      typeof body.error === 'string'
        ? body.error
        : (FALLBACK_ERRORS[response.status] ?? FALLBACK_ERRORS[404]!),
    slots: Array.isArray(body.slots) ? body.slots.filter(isVisitSlot) : [],
  }
}

export function fetchVisit(token: string): Promise<VisitAnswer> {
  return answerOf(fetch(visitUrl(token), {headers: {Accept: 'application/json'}}))
}

/**
 * Cancels, moves (`{visitAt}`), confirms the visit (`confirm`), confirms (`{marketing: true}`)
 * or withdraws (`{marketing: false}`) the marketing consent.
 */
export function changeVisit(
  token: string,
  action: VisitAction,
  body: Record<string, unknown> = {},
): Promise<VisitAnswer> {
  return answerOf(
    fetch(visitUrl(token, action), {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: JSON.stringify(body),
    }),
  )
}
