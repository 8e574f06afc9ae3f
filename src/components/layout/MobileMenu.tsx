import {useEffect, useRef} from 'react'
import {useLocation} from 'react-router'
import {useHistoryDialog} from '#src/components/dialog/useHistoryDialog.ts'
import type {NavGroup} from './nav-groups.ts'
import {SubMenuList} from './SubMenuList.tsx'
import {usePageChange} from './usePageChange.ts'

/** Marks the history entry the open menu pushed, so Back (leaving it) closes the menu. */
const MENU_ENTRY = 'mobileMenu'

/**
 * The narrow-screen slide menu: a modal <dialog> listing every link under a bar that stays
 * at its top, with the close button always in reach. The hamburger and the close button open
 * and close it by invoker commands (`command`, `commandfor`), so they answer the first tap
 * with or without the page's scripts; the browser keeps the page behind inert, closes it on
 * Escape or a tap beside it, and gives the focus back to the hamburger. With the scripts,
 * opening pushes a history entry as the registration popup does, so the phone's Back closes
 * the menu instead of leaving the page. Following a link inside closes it, the new page taking
 * the menu's entry, so one Back returns to the page the menu was opened on.
 */
export function MobileMenu({id, groups}: {id: string; groups: NavGroup[]}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const {pathname} = useLocation()
  const {open, show, hide, onClosed} = useHistoryDialog(MENU_ENTRY)

  // The browser opens the menu (an invoker command); the entry is pushed when it has.
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open' && element.open) show()
    }
    element.addEventListener('toggle', onToggle)
    return () => element.removeEventListener('toggle', onToggle)
  }, [show])

  // Back (or a link followed) closes it from here; a menu opened before the page's scripts
  // ran (open, with no entry of its own) stays as the visitor left it.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open) dialog.current?.close()
    wasOpen.current = open
  }, [open])

  usePageChange(hide)

  return (
    <dialog
      ref={dialog}
      id={id}
      className="mobile-menu"
      aria-label="전체 메뉴"
      closedby="any"
      onClose={onClosed}
    >
      <div className="mobile-menu-head">
        <p className="mobile-menu-title">전체 메뉴</p>
        <button
          type="button"
          className="mobile-menu-close"
          command="close"
          commandfor={id}
          aria-label="메뉴 닫기"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <nav aria-label="모바일 메뉴">
        <ul className="mobile-menu-groups">
          {groups.map((group) => (
            <li key={group.key}>
              {group.title ? <p className="mobile-menu-group">{group.title}</p> : null}
              <SubMenuList links={group.links} pathname={pathname} replace={open} />
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  )
}
