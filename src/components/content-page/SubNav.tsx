import {Link} from 'react-router'

interface SubNavItem {
  _key: string
  title?: string | null
  url?: string | null
}

/** The section's sub-navigation under the title banner. */
export function SubNav({items, current}: {items: SubNavItem[]; current: string}) {
  if (items.length === 0) return null
  return (
    <nav className="sub-nav" aria-label="하위 메뉴">
      <ul>
        {items.map((item) => (
          <li key={item._key}>
            <Link to={item.url ?? '/'} aria-current={item.url === current ? 'page' : undefined}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
