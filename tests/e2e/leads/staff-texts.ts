import {expect, inject} from 'vitest'
import {staffToken} from '../staff-token.ts'

/** The texts to `phone`, newest first, as the staff's outbox lists them. */
export async function textsTo(phone: string): Promise<{kind: string; text: string}[]> {
  const baseUrl = inject('baseUrl')
  const accessToken = await staffToken()
  const answer = await fetch(`${baseUrl}/api/admin/messages?to=${phone}`, {
    headers: {authorization: `Bearer ${accessToken}`},
  })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as {items: {kind: string; text: string}[]}).items
}
