import {useEffect, useRef, useState} from 'react'

/** Asks the server to count one view of the post; the new count, or null when it was not counted. */
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

/**
 * The post's view count: what the page was built or loaded with, then the count the
 * server answers for this visit. One view per page open: the ref survives React's
 * strict-mode double effect, and the page is keyed by post, so a new post is a new open.
 */
export function usePressViews(id: string, loaded: number, doFetch?: typeof fetch): number {
  const [views, setViews] = useState(loaded)
  const counted = useRef(false)
  useEffect(() => {
    if (counted.current) return
    counted.current = true
    void countPressView(id, doFetch).then((count) => {
      // Not counted (rate limit, network): the loaded count stays, with no message; a view count is not worth an error.
      if (count !== null) setViews(count)
    })
  }, [id, doFetch])
  return views
}
