import {PortableText, type PortableTextComponents} from '@portabletext/react'
import type {PRESS_POST_QUERY_RESULT} from '../../../sanity.types.ts'
import {isExternalUrl} from '~/lib/site-paths.ts'

type Content = NonNullable<NonNullable<PRESS_POST_QUERY_RESULT>['content']>

const components: PortableTextComponents = {
  marks: {
    link: ({value, children}) => {
      const href = typeof value?.href === 'string' ? value.href : ''
      return isExternalUrl(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
          <span className="visually-hidden"> (새 창)</span>
        </a>
      ) : (
        <a href={href}>{children}</a>
      )
    },
  },
}

/** The post's text: one paragraph per block (the write form makes one block per line). */
export function PressBody({content}: {content: Content | null}) {
  if (!content || content.length === 0) return null
  return (
    <div className="press-body">
      <PortableText value={content} components={components} />
    </div>
  )
}
