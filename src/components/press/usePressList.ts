import {useCallback, useEffect, useRef, useState} from 'react'
import {
  fetchPressListStart,
  fetchPressPageAfter,
  type PressListItem,
  type PressListStart,
  type PressPage,
} from '#src/lib/press/list.ts'
import {browserLake} from '#src/lib/browser-lake.ts'

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
  return {
    siteId: start.site._id,
    total: start.total,
    items: start.items,
    hasMore: start.hasMore,
    appendedAt: null,
  }
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

  // The first page being read again, until it answers. '더보기' pressed meanwhile must page
  // on from that page, which replaces the one on screen: paging on from the old one would
  // lose the added posts to the replacement, or skip or repeat posts next to it.
  const freshStart = useRef<Promise<PressListState | null> | null>(null)

  const reload = useCallback(() => {
    const current = invalidate()
    setLoadingMore(false)
    const read = fetchPressListStart(browserLake, siteSlug).then(
      (fresh) => (fresh && current === generation.current ? fromStart(fresh) : null),
      // A failed read keeps what is shown, with no message: the list on screen is still true.
      () => null,
    )
    freshStart.current = read
    void read.then((fresh) => {
      if (freshStart.current === read) freshStart.current = null
      if (fresh && current === generation.current) setState(fresh)
    })
  }, [siteSlug, invalidate])

  useEffect(() => {
    reload()
    return () => {
      invalidate()
    }
  }, [reload, invalidate])

  const loadMore = useCallback(() => {
    if (loadingMore || !state.hasMore || state.items.length === 0) return
    const current = generation.current
    const shown = state
    setLoadingMore(true)
    // Without a fresh first page (none pending, or its read failed) the list on screen stays.
    const list = freshStart.current?.then((fresh) => fresh ?? shown) ?? Promise.resolve(shown)
    list
      .then((base): PressPage | Promise<PressPage> => {
        const last = base.items.at(-1)
        return base.hasMore && last
          ? fetchPressPageAfter(browserLake, base.siteId, last)
          : {items: [], hasMore: false}
      })
      .then(
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
