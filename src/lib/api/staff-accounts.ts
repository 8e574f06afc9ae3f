import type {
  StaffAccess,
  StaffAccountItem,
  StaffChange,
  StaffLinkAnswer,
} from '#shared/auth/staff-accounts.ts'
import {authorized, jsonResult} from './leads.ts'

/* The calls of 직원 관리 (netlify/functions/_shared/staff-accounts/handlers.ts). */

export type {StaffAccountItem, StaffChange, StaffLinkAnswer}

const accountPath = (email: string) => `/api/admin/staff/${encodeURIComponent(email)}`

const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  headers: {'Content-Type': 'application/json'},
  body: JSON.stringify(body),
})

export async function fetchStaff() {
  return jsonResult<{items: StaffAccountItem[]}>(await authorized('/api/admin/staff'))
}

export async function fetchStaffChanges() {
  return jsonResult<{items: StaffChange[]}>(await authorized('/api/admin/staff-changes'))
}

/** Invites someone: the answer holds the link's path, shown this once. */
export async function inviteStaff(email: string, access: StaffAccess) {
  return jsonResult<Omit<StaffLinkAnswer, 'ok'>>(
    await authorized('/api/admin/staff', jsonBody('POST', {email, ...access})),
  )
}

export async function changeStaffAccess(email: string, access: StaffAccess) {
  return jsonResult<{account: StaffAccountItem}>(
    await authorized(accountPath(email), jsonBody('PATCH', access)),
  )
}

export async function setStaffDisabled(email: string, disabled: boolean) {
  return jsonResult<{account: StaffAccountItem}>(
    await authorized(accountPath(email), jsonBody('PATCH', {disabled})),
  )
}

export async function newStaffLink(email: string) {
  return jsonResult<Omit<StaffLinkAnswer, 'ok'>>(
    await authorized(`${accountPath(email)}/link`, {method: 'POST'}),
  )
}
