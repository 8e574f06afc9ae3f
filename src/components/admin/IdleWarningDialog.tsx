import {useEffect, useRef, useState, useSyncExternalStore} from 'react'
import {trapTab} from '#src/components/layout/focus-trap.ts'
import {adminSession} from '#src/lib/admin-session.ts'

/**
 * The minute before a sign-in ends for want of work: a modal dialog that keeps the focus,
 * starts on 로그인 유지 and gives the focus back where it was when it closes. Escape keeps the
 * sign-in too (whoever pressed it is there).
 */
export function IdleWarningDialog() {
  const session = useSyncExternalStore(
    adminSession.subscribe,
    adminSession.getSnapshot,
    adminSession.getSnapshot,
  )
  const endsAt = session.status === 'signedIn' ? session.idleEndsAt : null
  const dialog = useRef<HTMLDialogElement>(null)
  const stay = useRef<HTMLButtonElement>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    const element = dialog.current
    if (!element || endsAt === null) return
    const before = document.activeElement
    setNow(Date.now())
    element.showModal()
    stay.current?.focus()
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => {
      clearInterval(tick)
      element.close()
      if (before instanceof HTMLElement && before.isConnected) before.focus()
    }
  }, [endsAt])

  const seconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000))
  return (
    <dialog
      ref={dialog}
      className="idle-warning"
      aria-labelledby="idle-warning-heading"
      aria-describedby="idle-warning-text"
      onKeyDown={(event) => {
        if (dialog.current) trapTab(dialog.current, event)
      }}
      onCancel={(event) => {
        event.preventDefault()
        adminSession.stayActive()
      }}
    >
      <h2 id="idle-warning-heading">곧 로그아웃됩니다</h2>
      <p id="idle-warning-text">
        한동안 사용하지 않아 개인정보 보호를 위해 1분 뒤 자동으로 로그아웃됩니다. 계속 사용하시려면
        로그인 유지를 눌러 주세요.
      </p>
      <p className="idle-warning-count" aria-hidden="true">
        {seconds}초 남음
      </p>
      <div className="idle-warning-actions">
        <button ref={stay} type="button" onClick={() => adminSession.stayActive()}>
          로그인 유지
        </button>
        <button type="button" onClick={() => void adminSession.logout()}>
          로그아웃
        </button>
      </div>
    </dialog>
  )
}
