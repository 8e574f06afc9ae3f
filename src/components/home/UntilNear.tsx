import {use, type ReactNode} from 'react'
import {previewSession} from '#src/preview/preview-session.ts'
import {nearOrUsed} from './near-or-used.ts'

/**
 * Leaves the prerendered HTML of the element `id` as it is, plain HTML that works without
 * scripts, until the visitor nears it (three screens away) or acts on it; only then are `children`
 * rendered, and the code they load lazily fetched, so that nothing far below the first screen
 * competes with it. Belongs inside a <Suspense>, which keeps the prerendered HTML while this
 * waits. Where the page is rendered in the browser (a client navigation), there is no HTML to
 * keep and it waits for nothing. Nor does it in preview mode: an editor's draft re-renders the
 * page, and React holds such an update until every boundary it passes through has hydrated,
 * so a waiting form would hold the whole page at its published text.
 */
export function UntilNear({id, children}: {id: string; children: ReactNode}) {
  const waiting =
    typeof document === 'undefined' || previewSession()
      ? null
      : nearOrUsed(document.getElementById(id))
  if (waiting) use(waiting)
  return children
}
