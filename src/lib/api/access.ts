import type {AccessItem, AccessReview, AccessReviewMark} from '#shared/access/access-record.ts'
import {authorized, jsonResult} from './leads.ts'

/** The 접속기록 점검 view's calls: the record, a month's review, its marks, the reminder. */

export interface AccessQuery {
  /** 'YYYY-MM-DD', both included. */
  from: string
  to: string
  actor: string
  task: string
}

export const ACCESS_PAGE_SIZE = 100

export async function fetchAccessLog(query: AccessQuery, cursor: string | null) {
  const params = new URLSearchParams({from: query.from, to: query.to})
  if (query.actor) params.set('actor', query.actor)
  if (query.task) params.set('task', query.task)
  params.set('limit', String(ACCESS_PAGE_SIZE))
  if (cursor) params.set('cursor', cursor)
  return jsonResult<{items: AccessItem[]; nextCursor: string | null}>(
    await authorized(`/api/admin/access-log?${params}`),
  )
}

export async function fetchAccessReview(month: string, actor: string) {
  const params = new URLSearchParams({month})
  if (actor) params.set('actor', actor)
  return jsonResult<AccessReview>(await authorized(`/api/admin/access-review?${params}`))
}

export async function markMonthReviewed(month: string, note: string) {
  return jsonResult<{month: string; reviews: AccessReviewMark[]}>(
    await authorized('/api/admin/access-review', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({month, note}),
    }),
  )
}

export async function fetchReviewDue() {
  return jsonResult<{month: string; due: boolean}>(await authorized('/api/admin/access-review/due'))
}
