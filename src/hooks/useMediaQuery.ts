import {useCallback, useSyncExternalStore} from 'react'

/**
 * Whether a media query matches. Prerendered HTML knows no viewport, so the server (and the
 * hydrating first render) answer `false`; callers pick the query so that `false` is the safe
 * state (no scroll hijack, no auto-advance).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
