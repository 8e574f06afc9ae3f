import type {ReactNode} from 'react'
import {Link} from 'react-router'
import {linkTarget} from '#schemas/rules/linkHref.ts'

/**
 * A link from content: client navigation for site paths, a plain anchor for other sites,
 * e-mail and phone; only its text when the address is none of those.
 */
export function ContentLink({
  href,
  className,
  children,
}: {
  href: string
  className?: string
  children: ReactNode
}) {
  const link = linkTarget(href)
  if (!link) return <>{children}</>
  if (link.kind === 'site') {
    return (
      <Link to={link.href} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={link.href} className={className} rel="noopener">
      {children}
    </a>
  )
}
