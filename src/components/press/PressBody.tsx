import {PortableText} from '@portabletext/react'
import type {PRESS_POST_QUERY_RESULT} from '#sanity.types.ts'
import {richTextComponents} from '#src/components/rich-text.tsx'

type Content = NonNullable<NonNullable<PRESS_POST_QUERY_RESULT>['content']>

/** The post's text: one paragraph per block (the write form makes one block per line). */
export function PressBody({content}: {content: Content | null}) {
  if (!content || content.length === 0) return null
  return (
    <div className="press-body">
      <PortableText value={content} components={richTextComponents} />
    </div>
  )
}
