import {VisualEditing, type VisualEditingProps} from '@sanity/visual-editing/react-router'
import {useCallback, useEffect, useRef} from 'react'
import {useRevalidator} from 'react-router'
import '#src/styles/preview.css'

/**
 * How long after the Studio's last edit the page reads its data once more. The Studio
 * announces an edit as it applies it in the browser, under the revision it then saves it
 * with, before the lake has it; a read on the announcement alone can find the lake a step
 * behind and, with no later announcement, keep showing that.
 */
export const AFTER_LAST_EDIT_MS = 2000

/**
 * Preview mode inside the Studio's Presentation tool: the page reads drafts in place of
 * the data it was built with, a click on a text opens its field in the Studio, and every
 * change the editor makes reloads the page's data (VisualEditing revalidates the routes),
 * then once more when the edits pause.
 */
export default function PreviewTools() {
  const {revalidate} = useRevalidator()
  const afterLastEdit = useRef<number | undefined>(undefined)
  useEffect(() => {
    void revalidate()
    return () => window.clearTimeout(afterLastEdit.current)
  }, [revalidate])
  const refresh = useCallback<NonNullable<VisualEditingProps['refresh']>>(
    (payload, refreshDefault) => {
      if (payload.source === 'mutation') {
        window.clearTimeout(afterLastEdit.current)
        afterLastEdit.current = window.setTimeout(() => void revalidate(), AFTER_LAST_EDIT_MS)
      }
      return refreshDefault()
    },
    [revalidate],
  )
  return (
    <>
      <VisualEditing refresh={refresh} />
      <p className="preview-badge" role="status">
        미리보기: 게시하지 않은 초안이 보입니다
      </p>
    </>
  )
}
