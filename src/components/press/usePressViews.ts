import {useEffect, useRef, useState} from 'react'
import {VIEW_COUNT_IDS_PER_REQUEST} from '#shared/press-views.ts'

/** As many ids as `GET /api/press/views` takes in one request. */

/**
 * Asks the server to count one view of the post; the new count, or null when it was not counted.
 */
export async function countPressView(
  id: string,
  doFetch: typeof fetch = fetch,
): Promise<number | null> {
  try {
    const res = await doFetch(`/api/press/${encodeURIComponent(id)}/views`, {method: 'POST'})
    const body = (await res.json().catch(() => null)) as {views?: unknown} | null
    return res.ok && typeof body?.views === 'number' ? body.views : null
  } catch {
    return null
  }
}

/** The view counts of these posts (at most 50), or null when the server did not answer them. */
export async function fetchPressViews(
  ids: readonly string[],
  doFetch: typeof fetch = fetch,
): Promise<Record<string, number> | null> {
  try {
    const query = ids.map(encodeURIComponent).join(',')
    const res = await doFetch(`/api/press/views?ids=${query}`)
    const body = (await res.json().catch(() => null)) as {views?: unknown} | null
    const views = body?.views
    return res.ok && views && typeof views === 'object' ? (views as Record<string, number>) : null
  } catch {
    return null
  }
}

/**
 * The post's view count, null until the server answers: the count this visit made, or, when
 * the visit was not counted (rate limit), the count as it stands. One view per page open: the
 * ref survives React's strict-mode double effect, and the page is keyed by post, so a new post
 * is a new open. The counts live in the database, not in the built page.
 */
export function usePressViews(id: string, doFetch?: typeof fetch): number | null {
  const [views, setViews] = useState<number | null>(null)
  const counted = useRef(false)
  useEffect(() => {
    if (counted.current) return
    counted.current = true
    void countPressView(id, doFetch)
      .then((count) => count ?? fetchPressViews([id], doFetch).then((read) => read?.[id] ?? null))
      // Neither answered (network): the count stays blank, with no message; it is not worth an
      // error.
      .then((count) => {
        if (count !== null) setViews(count)
      })
  }, [id, doFetch])
  return views
}

/**
 * The view counts of the listed posts, read from the server as posts join the list ('더보기',
 * a fresh first page); a post whose count has not arrived is missing from the record.
 */
export function usePressViewCounts(
  ids: readonly string[],
  doFetch?: typeof fetch,
): Record<string, number> {
  const [views, setViews] = useState<Record<string, number>>({})
  const asked = useRef(new Set<string>())
  const key = ids.join(',')
  useEffect(() => {
    const missing = key.split(',').filter((id) => id !== '' && !asked.current.has(id))
    for (let start = 0; start < missing.length; start += VIEW_COUNT_IDS_PER_REQUEST) {
      const batch = missing.slice(start, start + VIEW_COUNT_IDS_PER_REQUEST)
      for (const id of batch) asked.current.add(id)
      void fetchPressViews(batch, doFetch).then((read) => {
        if (read) setViews((shown) => ({...shown, ...read}))
        // Not answered: asked again when the list next changes.
        else for (const id of batch) asked.current.delete(id)
      })
    }
  }, [key, doFetch])
  return views
}
