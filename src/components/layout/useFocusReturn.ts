import {useLayoutEffect, useRef, type RefObject} from 'react'

/**
 * Gives the focus to `target` (the button that opened a dialog or panel) when `open` turns
 * false. A layout effect, so the focus is there in the update that removes or inerts what
 * had it: a passive effect may run after the browser has painted, the focus sitting on the
 * body meanwhile, and a keyboard user's Tab would start from the top of the page.
 */
export function useFocusReturn(open: boolean, target: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(false)
  useLayoutEffect(() => {
    if (wasOpen.current && !open) target.current?.focus()
    wasOpen.current = open
  }, [open, target])
}
