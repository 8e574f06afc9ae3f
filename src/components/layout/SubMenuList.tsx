import {Link} from 'react-router'
import {ComingSoonMark} from '#src/components/content-page/ComingSoon.tsx'
import type {NavLinkItem} from './nav-groups.ts'

interface SubMenuListProps {
  links: NavLinkItem[]
  /** The current page's path: its link is marked `aria-current="page"`. */
  pathname: string
  id?: string
  className?: string
  /**
   * Following a link takes the place of the current history entry instead of adding one: the
   * entry of the open slide menu, which Back would otherwise come back to.
   */
  replace?: boolean
}

/**
 * A menu group's links as a list, the current page's one marked (desktop submenu and slide menu
 * alike).
 */
export function SubMenuList({links, pathname, id, className, replace}: SubMenuListProps) {
  return (
    <ul id={id} className={className}>
      {links.map((link) => (
        <li key={link.key}>
          <Link
            to={link.href}
            replace={replace}
            aria-current={link.path === pathname ? 'page' : undefined}
          >
            {link.label}
            {link.comingSoon ? <ComingSoonMark /> : null}
          </Link>
        </li>
      ))}
    </ul>
  )
}
