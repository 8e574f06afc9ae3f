import {Link} from 'react-router'
import type {PageExtras} from '#src/lib/content-pages/page-extras.ts'
import {sectionAnchor} from '#src/lib/content-pages/section-anchor.ts'

type InteriorPage = Extract<PageExtras, {kind: 'interiorTypes'}>['pages'][number]

interface Chip {
  key: string
  heading: string
  /** A section of this page: an in-page anchor. */
  here: boolean
  href: string
}

/**
 * Each section of the 84㎡ interior pages is one type: its chip leads to that section. Another
 * page's first section is the top of that page, so its chip is the page's own address (a new
 * page starts at the top); any other section is an anchor on its page.
 */
function chips(pages: InteriorPage[], current: string): Chip[] {
  return pages.flatMap((page) =>
    (page.sections ?? []).flatMap((section, index) => {
      if (!page.path || !section.heading) return []
      const here = page.path === current
      const anchor = `#${sectionAnchor(section._key)}`
      const href = here ? anchor : index === 0 ? page.path : `${page.path}${anchor}`
      return [{key: section._key, heading: section.heading, here, href}]
    }),
  )
}

/**
 * The 84㎡ interior types as chips, one per section of the interior pages. Exactly one chip
 * is the current page: the first type of the page shown.
 */
export function InteriorTypeList({pages, current}: {pages: InteriorPage[]; current: string}) {
  const list = chips(pages, current)
  if (list.length === 0) return null
  const currentKey = list.find((chip) => chip.here)?.key
  return (
    <nav className="type-list" aria-label="84㎡ 인테리어 타입">
      <ul>
        {list.map((chip) => (
          <li key={chip.key}>
            {chip.here ? (
              <a href={chip.href} aria-current={chip.key === currentKey ? 'page' : undefined}>
                {chip.heading}
              </a>
            ) : (
              <Link to={chip.href}>{chip.heading}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
