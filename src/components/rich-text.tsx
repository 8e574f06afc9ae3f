import type {PortableTextComponents} from '@portabletext/react'
import {linkTarget} from '#schemas/rules/linkHref.ts'

/**
 * How the site renders Portable Text from content (press posts, the privacy policy): a
 * link to another site opens in a new tab and says so; e-mail, phone and site links open
 * in place; a link the content got wrong (another scheme, a trick) is only its text.
 */
export const richTextComponents: PortableTextComponents = {
  marks: {
    link: ({value, children}) => {
      const link = linkTarget(value?.href)
      if (!link) return <>{children}</>
      if (link.kind === 'web') {
        return (
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {children}
            <span className="visually-hidden"> (새 창)</span>
          </a>
        )
      }
      return <a href={link.href}>{children}</a>
    },
  },
}
