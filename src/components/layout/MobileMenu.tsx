import {useRef} from 'react'
import {useLocation} from 'react-router'
import type {NavGroup} from './nav-groups.ts'
import {SubMenuList} from './SubMenuList.tsx'
import {usePageChange} from './usePageChange.ts'

/**
 * The narrow-screen slide menu: a modal <dialog> listing every link. The hamburger and the
 * close button open and close it by invoker commands (`command`, `commandfor`), so they
 * answer the first tap with or without the page's scripts; the browser keeps the page
 * behind inert, closes it on Escape or a tap beside it, and gives the focus back to the
 * hamburger. Following a link inside closes it.
 */
export function MobileMenu({id, groups}: {id: string; groups: NavGroup[]}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const {pathname} = useLocation()

  usePageChange(() => dialog.current?.close())

  return (
    <dialog ref={dialog} id={id} className="mobile-menu" aria-label="전체 메뉴" closedby="any">
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
              <SubMenuList links={group.links} pathname={pathname} />
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  )
}
