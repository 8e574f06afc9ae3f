import {Suspense, type ReactNode} from 'react'
import {hydration, laterTask} from '~/lib/hydration.ts'

/** The props of each boundary that has waited once: a boundary waits only for its first task. */
const waited = new WeakSet<object>()

function InLaterTask(props: {children: ReactNode}) {
  if (hydration.deferring && !waited.has(props)) {
    waited.add(props)
    throw laterTask()
  }
  return props.children
}

/**
 * Content that is in the prerendered HTML from the start and hydrates after the rest of
 * the page, each boundary in a task of its own, so that the page answers input between
 * them. React does this for every Suspense boundary; Preact, which the built site runs on,
 * hydrates a whole page in one pass, so the boundary waits for a later task itself while
 * the first pass runs (src/lib/hydration.ts). Either way the prerendered HTML stays in
 * place meanwhile, as it does while a lazily loaded component inside (the home page's
 * form) waits for its code. Nothing here shows a fallback.
 */
export function HydrateLater({children}: {children: ReactNode}) {
  return (
    <Suspense>
      <InLaterTask>{children}</InLaterTask>
    </Suspense>
  )
}
