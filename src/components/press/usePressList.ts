import {useCallback, useEffect, useRef, useState} from 'react'
import {fetchPressListStart, fetchPressPageAfter, type PressListItem, type PressListStart} from '~/lib/press-list.ts'
import {siteLake} from '~/lib/site-lake.ts'

export interface PressListState {
  siteId: string
  total: number
  items: PressListItem[]
  hasMore: boolean
  /** The index of the first item '더보기' added, where focus goes next; null otherwise. */
  appendedAt: number | null
}

export interface PressList extends PressListState {
  loadingMore: boolean
  loadMore(): void
  /** Starts over from the first page (after publishing a post). */
  reload(): void
}

function fromStart(start: PressListStart): PressListState {
  return {siteId: start.site._id, total: start.total, items: start.items, hasMore: start.hasMore, appendedAt: null}
}

/**
 * A site's press list: the first page from the generated HTML, read again from the
 * Content Lake once the page runs (posts published since the build appear at once), then
 * '더보기' page by page. A new site (client navigation) starts the list over.
 */
export function usePressList(start: PressListStart): PressList {
  const [state, setState] = useState(() => fromStart(start))
  const [loadingMore, setLoadingMore] = useState(false)
  const [shownStart, setShownStart] = useState(start)
  const generation = useRef(0)
  const siteSlug = start.site.slug ?? ''

  if (shownStart !== start) {
    setShownStart(start)
    setState(fromStart(start))
    setLoadingMore(false)
  }

  // Every reset bumps the generation: answers to requests made before it are dropped.
  const invalidate = useCallback(() => ++generation.current, [])

  const reload = useCallback(() => {
    const current = invalidate()
    setLoadingMore(false)
    fetchPressListStart(siteLake, siteSlug).then(
      (fresh) => {
        if (fresh && current === generation.current) setState(fromStart(fresh))
      },
      // A failed read keeps what is shown (SPEC.md section 8: no message).
      () => undefined,
    )
  }, [siteSlug, invalidate])

  useEffect(() => {
    reload()
    return () => {
      invalidate()
    }
  }, [reload, invalidate])

  const loadMore = useCallback(() => {
    const last = state.items.at(-1)
    if (loadingMore || !state.hasMore || !last) return
    const current = generation.current
    setLoadingMore(true)
    fetchPressPageAfter(siteLake, state.siteId, last).then(
      (page) => {
        if (current !== generation.current) return
        setState((before) => ({
          ...before,
          items: [...before.items, ...page.items],
          hasMore: page.hasMore,
          appendedAt: page.items.length > 0 ? before.items.length : null,
        }))
        setLoadingMore(false)
      },
      () => {
        if (current === generation.current) setLoadingMore(false)
      },
    )
  }, [loadingMore, state])

  return {...state, loadingMore, loadMore, reload}
}
