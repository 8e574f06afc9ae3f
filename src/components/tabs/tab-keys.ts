import type {KeyboardEvent} from 'react'

/**
 * The tab a key press moves to in a horizontal tablist (WAI-ARIA tabs pattern: arrows wrap,
 * Home/End jump to the ends), or null for keys the tablist does not handle.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count
    case 'ArrowLeft':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * keydown handler for an element with role="tablist": selects and focuses the tab the key
 * leads to (automatic activation), and marks the event handled so page-level keyboard
 * navigation leaves it alone.
 */
export function tabListKeyDown(current: number, select: (index: number) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const tabs = event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')
    const next = tabIndexForKey(event.key, current, tabs.length)
    if (next === null) return
    event.preventDefault()
    select(next)
    tabs[next]?.focus()
  }
}
