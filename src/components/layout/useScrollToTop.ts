import {useEffect} from 'react'
import {useLocation} from 'react-router'

/** Every new page starts at the top (SPEC.md: scroll to top on route change). */
export function useScrollToTop(): void {
  const {pathname} = useLocation()
  useEffect(() => {
    window.scrollTo({top: 0, left: 0, behavior: 'instant'})
  }, [pathname])
}
