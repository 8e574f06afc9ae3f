import {Link} from 'react-router'
import type {PageExtras} from '~/lib/content-pages/page-extras.ts'

/**
 * The 84㎡ interior types (84A, 119A, 119B), each linking to the page that shows it: the
 * sections of the two 84㎡ interior pages name them.
 */
export function InteriorTypeList({
  pages,
  current,
}: {
  pages: Extract<PageExtras, {kind: 'interiorTypes'}>['pages']
  current: string
}) {
  const types = pages.flatMap((page) =>
    (page.sectionHeadings ?? []).map((heading) => ({heading, path: page.path ?? ''})),
  )
  if (types.length === 0) return null
  return (
    <nav className="type-list" aria-label="84㎡ 인테리어 타입">
      <ul>
        {types.map((type) => (
          <li key={type.heading}>
            <Link to={type.path} aria-current={type.path === current ? 'page' : undefined}>
              {type.heading}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
