import {lazy, Suspense, useEffect, useState} from 'react'
import {previewSession} from './preview-session.ts'

const PreviewTools = lazy(() => import('./PreviewTools.tsx'))

/**
 * Loads the preview tools once the page has hydrated, in preview mode only: a public page
 * renders nothing here and loads none of it.
 */
export function PreviewSwitch() {
  const [previewing, setPreviewing] = useState(false)
  useEffect(() => setPreviewing(previewSession() !== undefined), [])
  return previewing ? (
    <Suspense fallback={null}>
      <PreviewTools />
    </Suspense>
  ) : null
}
