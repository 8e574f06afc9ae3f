import {useEffect, useRef} from 'react'
import {useLocation} from 'react-router'

/**
 * Runs `run` whenever the visitor goes on to another page within the site: not for the page
 * first shown, which hydrates as the visitor has it (scrolled, a popup or menu open).
 */
export function usePageChange(run: () => void): void {
  const {pathname} = useLocation()
  const shown = useRef(pathname)
  const latest = useRef(run)
  useEffect(() => {
    latest.current = run
  })
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    latest.current()
  }, [pathname])
}
