import {useEffect, useRef, type RefObject} from 'react'
import {useLocation} from 'react-router'
import {focusableIn, trapTab} from './focus-trap.ts'
import type {NavGroup} from './nav-groups.ts'
import {SubMenuList} from './SubMenuList.tsx'
import {useFocusReturn} from './useFocusReturn.ts'

interface MobileMenuProps {
  id: string
  open: boolean
  onClose: () => void
  /** The hamburger button: focus returns to it when the menu closes. */
  opener: RefObject<HTMLButtonElement | null>
  groups: NavGroup[]
}

/**
 * The narrow-screen slide menu: a modal panel listing every link. While open, Tab stays
 * inside it and the page behind is inert; Escape or the close button shut it and give
 * the focus back to the hamburger button.
 */
export function MobileMenu({id, open, onClose, opener, groups}: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null)
  const {pathname} = useLocation()
  useFocusReturn(open, opener)

  useEffect(() => {
    if (!open) return
    focusableIn(panel.current!)[0]?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        onClose()
      } else if (panel.current) {
        trapTab(panel.current, event)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    document.body.dataset.menuOpen = ''
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      delete document.body.dataset.menuOpen
    }
  }, [open, onClose])

  const closeRef = useRef(onClose)
  closeRef.current = onClose
  useEffect(() => closeRef.current(), [pathname])

  return (
    <div
      ref={panel}
      id={id}
      className="mobile-menu"
      role="dialog"
      aria-modal="true"
      aria-label="전체 메뉴"
      data-open={open || undefined}
      inert={!open}
    >
      <div className="mobile-menu-head">
        <p className="mobile-menu-title">전체 메뉴</p>
        <button type="button" className="mobile-menu-close" onClick={onClose} aria-label="메뉴 닫기">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <nav aria-label="모바일 메뉴">
        <ul className="mobile-menu-groups">
          {groups.map((group) => (
            <li key={group.key}>
              {group.title ? <p className="mobile-menu-group">{group.title}</p> : null}
              <SubMenuList links={group.links} pathname={pathname} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
