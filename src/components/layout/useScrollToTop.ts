import {useEffect, useRef} from 'react'
import {useLocation} from 'react-router'

/**
 * Every new page starts at the top (scroll to top on route change). The page the visitor
 * opened stays where the browser put it, or where the visitor has scrolled it before its
 * scripts arrived.
 */
export function useScrollToTop(): void {
  const {pathname} = useLocation()
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    window.scrollTo({top: 0, left: 0, behavior: 'instant'})
  }, [pathname])
}
