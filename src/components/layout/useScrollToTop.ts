import {usePageChange} from './usePageChange.ts'

/** Every new page starts at the top (scroll to top on route change). */
export function useScrollToTop(): void {
  usePageChange(() => window.scrollTo({top: 0, left: 0, behavior: 'instant'}))
}
