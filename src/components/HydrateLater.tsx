import {Suspense, type ReactNode} from 'react'

/**
 * Content that is in the prerendered HTML from the start but hydrates in a later pass.
 * React hydrates what lies outside every Suspense boundary in one uninterrupted task, and
 * the inside of each boundary afterwards at low priority, yielding to the browser between
 * slices (a click or a key press in a boundary hydrates it at once). On a long page this
 * breaks the hydration of everything below the first screen into short tasks, so the page
 * answers input sooner. Nothing here ever suspends: there is no fallback to show.
 */
export function HydrateLater({children}: {children: ReactNode}) {
  return <Suspense>{children}</Suspense>
}
