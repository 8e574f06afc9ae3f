import type {StaffRequestItem, StaffRequests} from '#shared/visitor-data/contract.ts'
import {authorized, jsonResult} from './leads.ts'

/** The staff's 요청 처리 queue (`GET /api/admin/requests`). */
export async function fetchRequests() {
  return jsonResult<Omit<StaffRequests, 'ok'>>(await authorized('/api/admin/requests'))
}

/** Answers a request: recorded and texted to the visitor. */
export async function answerRequest(id: number, answer: string) {
  return jsonResult<{item: StaffRequestItem; texted: boolean}>(
    await authorized(`/api/admin/requests/${id}/answer`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({answer}),
    }),
  )
}
