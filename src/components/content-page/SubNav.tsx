import {Link} from 'react-router'
import {ComingSoonMark} from './ComingSoon.tsx'

interface SubNavItem {
  _key: string
  title?: string | null
  url?: string | null
}

interface SubNavProps {
  items: SubNavItem[]
  current: string
  /** The addresses of what comes later: their links carry the 준비 중 mark. */
  comingSoon?: readonly string[]
}

/** The section's sub-navigation under the title banner. */
export function SubNav({items, current, comingSoon = []}: SubNavProps) {
  if (items.length === 0) return null
  return (
    <nav className="sub-nav" aria-label="하위 메뉴">
      <ul>
        {items.map((item) => (
          <li key={item._key}>
            <Link to={item.url ?? '/'} aria-current={item.url === current ? 'page' : undefined}>
              {item.title}
              {item.url && comingSoon.includes(item.url) ? <ComingSoonMark /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
