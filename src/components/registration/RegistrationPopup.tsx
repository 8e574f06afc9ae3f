import {useEffect, useRef, useState} from 'react'
import {useLocation} from 'react-router'
import {useRegistrationRequests} from '~/lib/registration-popup.ts'
import {RegistrationForm} from './RegistrationForm.tsx'

/** Marks the history entry the popup pushed, so Back (leaving it) closes the popup. */
const POPUP_ENTRY = 'registrationPopup'

function onPopupEntry(): boolean {
  const state = window.history.state as Record<string, unknown> | null
  return state?.[POPUP_ENTRY] === true
}

/**
 * The registration popup, mounted once in the layout. A modal <dialog> (the page behind
 * is inert while it is open); opening pushes a history entry that keeps the router's
 * state, so Back only closes the popup. The close button and Escape go back too, and the
 * focus returns to the button that opened it. On a site's press or customer page the
 * registration is for that site; elsewhere for the default site.
 */
export function RegistrationPopup({site}: {site: string | null}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [open, setOpen] = useState(false)
  // A new form after a completed registration; an unfinished one keeps its input.
  const [formKey, setFormKey] = useState(0)
  const completed = useRef(false)
  // The form is created on first use, so pages do not carry it in their HTML.
  const [used, setUsed] = useState(false)
  const {pathname} = useLocation()

  useRegistrationRequests(() => {
    if (dialog.current?.open) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (completed.current) {
      completed.current = false
      setFormKey((key) => key + 1)
    }
    window.history.pushState({...(window.history.state as object | null), [POPUP_ENTRY]: true}, '')
    setUsed(true)
    setOpen(true)
  })

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      element.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), [role="status"][tabindex]')?.focus()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  useEffect(() => {
    const onPopState = () => {
      if (!onPopupEntry()) setOpen(false)
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])

  // Following a link to another page closes the popup without going back.
  useEffect(() => {
    setOpen(false)
  }, [pathname])

  function requestClose(): void {
    if (onPopupEntry()) window.history.back()
    else setOpen(false)
  }

  function afterClose(): void {
    setOpen(false)
    // Closed by the browser itself (a repeated Escape): leave the popup's entry as well.
    if (onPopupEntry()) window.history.back()
    const target = opener.current
    opener.current = null
    if (target?.isConnected) target.focus()
  }

  return (
    <dialog
      ref={dialog}
      className="registration-popup"
      aria-labelledby="registration-popup-title"
      onCancel={(event) => {
        event.preventDefault()
        requestClose()
      }}
      onClose={afterClose}
    >
      <div className="registration-popup-head">
        <h2 id="registration-popup-title">관심고객 등록</h2>
        <button type="button" className="registration-popup-close" aria-label="닫기" onClick={requestClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="registration-popup-intro">이름과 연락처를 남겨 주시면 전문 상담사가 곧 연락드립니다.</p>
      {used ? (
        <RegistrationForm
          key={formKey}
          source="popup"
          site={site}
          onSuccess={() => {
            completed.current = true
          }}
        />
      ) : null}
    </dialog>
  )
}
