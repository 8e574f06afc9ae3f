import {useEffect, useState, type ComponentType} from 'react'
import {previewSession} from './preview-session.ts'

/**
 * Loads the preview tools once the page has hydrated, in preview mode only: a public page
 * renders nothing here and loads none of them.
 */
export function PreviewSwitch() {
  const [Tools, setTools] = useState<ComponentType>()
  useEffect(() => {
    if (previewSession())
      void import('./PreviewTools.tsx').then((tools) => setTools(() => tools.default))
  }, [])
  return Tools ? <Tools /> : null
}
