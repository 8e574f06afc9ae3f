import type {AwayAnswer, OwnerAnswer, OwnerChoice} from '#shared/leads/owners.ts'
import {authorized, jsonResult} from './leads.ts'

export type {OwnerChoice}

/** A staff member as the workspace names them: the e-mail's name part (`kim@…` → kim). */
export const ownerName = (email: string): string => email.split('@')[0] || email

/** A lead's owner and the site's staff who may take it. */
export async function fetchOwner(id: string) {
  return jsonResult<Omit<OwnerAnswer, 'ok'>>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}/owner`),
  )
}

export async function changeOwner(id: string, owner: string) {
  return jsonResult<Omit<OwnerAnswer, 'ok'>>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}/owner`, {
      method: 'PUT',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({owner}),
    }),
  )
}

/** Whether the signed-in staff member is marked away (자리 비움). */
export async function fetchAway() {
  return jsonResult<Omit<AwayAnswer, 'ok'>>(await authorized('/api/admin/away'))
}

export async function setAway(away: boolean) {
  return jsonResult<Omit<AwayAnswer, 'ok'>>(
    await authorized('/api/admin/away', {
      method: 'PUT',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({away}),
    }),
  )
}
