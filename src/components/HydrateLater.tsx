import {Suspense, type ReactNode} from 'react'

/**
 * Content that is in the prerendered HTML from the start and may hydrate in a later pass.
 * React hydrates what lies outside every Suspense boundary in one uninterrupted task, and
 * the inside of each boundary afterwards at low priority, yielding to the browser between
 * slices; Preact, which the built site runs on (site-build/preact-build.ts), hydrates the
 * whole page in one pass, a fraction of React's work. With either, a boundary keeps its
 * prerendered HTML in place while a lazily loaded component inside it (the home page's
 * form) waits for its code. Nothing here shows a fallback.
 */
export function HydrateLater({children}: {children: ReactNode}) {
  return <Suspense>{children}</Suspense>
}
