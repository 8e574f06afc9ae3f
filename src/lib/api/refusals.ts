import {authorized, jsonResult} from './leads.ts'

/** A number's refusal of advertising texts, as `POST /api/admin/refusals` records it. */
export interface Refusal {
  phone: string
  refusedAt: string
  /** Adverts that were waiting to that number and are now cancelled. */
  cancelled: number
}

export async function recordRefusal(phone: string) {
  return jsonResult<Refusal>(
    await authorized('/api/admin/refusals', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({phone: phone.trim()}),
    }),
  )
}
