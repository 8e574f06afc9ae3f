import type {MouseEvent} from 'react'
import {Link, useNavigate} from 'react-router'

/**
 * '목록으로': one step back in history (the list as it was, scrolled and paged), or to the
 * list itself when this page was opened directly. React Router numbers its history entries
 * in `history.state.idx`; 0 means nothing of this site comes before.
 */
export function BackToListLink({to}: {to: string}) {
  const navigate = useNavigate()
  function back(event: MouseEvent<HTMLAnchorElement>) {
    const index = (window.history.state as {idx?: number} | null)?.idx ?? 0
    if (index > 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault()
      void navigate(-1)
    }
  }
  return (
    <Link to={to} className="press-button press-back" onClick={back}>
      목록으로
    </Link>
  )
}
