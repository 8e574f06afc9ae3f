import {VisualEditing} from '@sanity/visual-editing/react-router'
import {useEffect} from 'react'
import {useRevalidator} from 'react-router'
import '~/styles/preview.css'

/**
 * Preview mode inside the Studio's Presentation tool: the page reads drafts in place of
 * the data it was built with, a click on a text opens its field in the Studio, and every
 * change the editor makes reloads the page's data (VisualEditing revalidates the routes).
 */
export default function PreviewTools() {
  const {revalidate} = useRevalidator()
  useEffect(() => {
    void revalidate()
  }, [revalidate])
  return (
    <>
      <VisualEditing />
      <p className="preview-badge" role="status">
        미리보기: 게시하지 않은 초안이 보입니다
      </p>
    </>
  )
}
