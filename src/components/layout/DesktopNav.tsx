import {useEffect, useId, useRef, useState, type KeyboardEvent} from 'react'
import {useLocation} from 'react-router'
import type {NavGroup} from './nav-groups.ts'
import {SubMenuList} from './SubMenuList.tsx'

interface DesktopNavProps {
  groups: NavGroup[]
}

/**
 * The desktop menu: one disclosure per group. A submenu opens while its group is
 * hovered or holds keyboard focus, toggles on click, and Escape closes it and returns
 * focus to its button.
 */
export function DesktopNav({groups}: DesktopNavProps) {
  const [open, setOpen] = useState<string | null>(null)
  const baseId = useId()
  const {pathname} = useLocation()
  const buttons = useRef(new Map<string, HTMLButtonElement>())

  useEffect(() => setOpen(null), [pathname])

  const onKeyDown = (key: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || open !== key) return
    event.stopPropagation()
    setOpen(null)
    buttons.current.get(key)?.focus()
  }

  return (
    <nav className="gnb" aria-label="주 메뉴">
      <ul className="gnb-list">
        {groups.map((group) => {
          const key = group.key
          const isOpen = open === key
          const submenuId = `${baseId}-${key}`
          const current = group.links.some((link) => link.path === pathname)
          return (
            <li
              key={key}
              className="gnb-item"
              data-open={isOpen || undefined}
              onMouseEnter={() => setOpen(key)}
              onMouseLeave={() => setOpen((value) => (value === key ? null : value))}
              onFocus={(event) => {
                // Focus arriving from outside the group opens it; focus moving inside it
                // (e.g. back to the button after Escape) leaves it as it is.
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(key)
              }}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                  setOpen((value) => (value === key ? null : value))
                }
              }}
              onKeyDown={onKeyDown(key)}
            >
              <button
                ref={(element) => {
                  if (element) buttons.current.set(key, element)
                  else buttons.current.delete(key)
                }}
                type="button"
                className="gnb-button"
                aria-expanded={isOpen}
                aria-controls={submenuId}
                data-current={current || undefined}
                // A mouse click lands on a group the pointer already opened: keep it open.
                // Enter/Space (detail 0) toggle, so the keyboard can close it too.
                onClick={(event) => setOpen(event.detail > 0 || !isOpen ? key : null)}
              >
                {group.title}
              </button>
              <SubMenuList
                id={submenuId}
                className="gnb-sub"
                links={group.links}
                pathname={pathname}
              />
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
