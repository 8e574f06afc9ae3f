import {useEffect, useRef, type KeyboardEvent} from 'react'
import type {LayoutData} from '#src/lib/layout-data.ts'
import {linkTarget} from '#schemas/rules/linkHref.ts'

type FamilySite = NonNullable<LayoutData['settings']['familySites']>[number]

/**
 * The family-site dropdown: a native disclosure (works without JavaScript) whose links
 * open in a new tab. Escape closes it; a click elsewhere closes it too.
 */
export function FamilySites({sites}: {sites: FamilySite[]}) {
  const details = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node))
        details.current.open = false
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && details.current?.open) {
      details.current.open = false
      details.current.querySelector('summary')?.focus()
    }
  }

  if (sites.length === 0) return null
  return (
    <details ref={details} className="family-sites" onKeyDown={onKeyDown}>
      <summary>패밀리 사이트</summary>
      <ul>
        {sites.map((site) => {
          const link = linkTarget(site.url)
          return (
            <li key={site._key}>
              {link ? (
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {site.title}
                  <span className="visually-hidden"> (새 창)</span>
                </a>
              ) : (
                site.title
              )}
            </li>
          )
        })}
      </ul>
    </details>
  )
}
