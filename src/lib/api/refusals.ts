import type {Refusal} from '#shared/texts/refusal.ts'
import {authorized, jsonResult} from './leads.ts'

export type {Refusal}

export async function recordRefusal(phone: string) {
  return jsonResult<Refusal>(
    await authorized('/api/admin/refusals', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({phone: phone.trim()}),
    }),
  )
}
