import {NavLink} from 'react-router'
import type {NavLinkItem} from './nav-groups.ts'

/** The two-entry menu of the press and customer pages: press, visit reservation. */
export function SiteMenu({links}: {links: NavLinkItem[]}) {
  return (
    <nav className="site-menu" aria-label="현장 메뉴">
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <NavLink to={link.href}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
