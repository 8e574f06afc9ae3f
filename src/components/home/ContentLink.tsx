import type {ReactNode} from 'react'
import {Link} from 'react-router'
import {isExternalUrl} from '~/lib/site-paths'

/** A link from content: client navigation for site paths, a plain anchor for other sites. */
export function ContentLink({href, className, children}: {href: string; className?: string; children: ReactNode}) {
  if (isExternalUrl(href)) {
    return (
      <a href={href} className={className} rel="noopener">
        {children}
      </a>
    )
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  )
}
