import {Suspense, useCallback, useEffect, useRef, useState} from 'react'
import {useHistoryDialog} from '#src/components/dialog/useHistoryDialog.ts'
import {usePageChange} from '#src/components/layout/usePageChange.ts'
import {useRegistrationRequests} from '#src/lib/registration/popup.ts'
import {LazyRegistrationForm, loadRegistrationForm} from './LazyRegistrationForm.tsx'
// The popup's own look: every page has the popup, not every page has the form.
import '#src/styles/forms.css'

/**
 * A visitor about to press a button that opens the popup: pointing at, touching or tabbing
 * to it. The form's code, in no page's first load, is fetched then, or at the latest when the
 * popup opens (a line then says it is loading, for the moment it takes).
 */
const WARM_EVENTS = ['pointerover', 'touchstart', 'focusin']

const FIRST_FIELD = 'input:not([type="hidden"]):not([tabindex="-1"]), [role="status"][tabindex]'

/** Runs `onReady` once the lazily loaded form has been put in the popup. */
function WhenShown({onReady}: {onReady: () => void}) {
  useEffect(onReady, [onReady])
  return null
}

/** Marks the history entry the popup pushed, so Back (leaving it) closes the popup. */
const POPUP_ENTRY = 'registrationPopup'

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
  const {open, show, close: requestClose, hide, onCancel, onClosed} = useHistoryDialog(POPUP_ENTRY)
  // A new form after a completed registration; an unfinished one keeps its input.
  const [formKey, setFormKey] = useState(0)
  const completed = useRef(false)
  // The form is created on first use, so pages do not carry it in their HTML.
  const [used, setUsed] = useState(false)
  // The pink hero button registers interest; the other buttons reserve a visit, with a time.
  const [withVisitTime, setWithVisitTime] = useState(false)

  useRegistrationRequests((source, pressed) => {
    if (dialog.current?.open) return
    opener.current =
      pressed ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    if (completed.current) {
      completed.current = false
      setFormKey((key) => key + 1)
    }
    setWithVisitTime(source !== 'hero')
    setUsed(true)
    show()
  })

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      element.querySelector<HTMLElement>(FIRST_FIELD)?.focus()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  // A form that arrives after the popup opened takes the focus from the close button.
  const formShown = useCallback(() => {
    const element = dialog.current
    if (
      !element?.open ||
      element.querySelector('form, [role="status"]')?.contains(document.activeElement)
    )
      return
    element.querySelector<HTMLElement>(FIRST_FIELD)?.focus()
  }, [])

  useEffect(() => {
    const warm = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('[data-registration]'))
        void loadRegistrationForm()
    }
    const options = {capture: true, passive: true}
    for (const type of WARM_EVENTS) document.addEventListener(type, warm, options)
    return () => {
      for (const type of WARM_EVENTS) document.removeEventListener(type, warm, options)
    }
  }, [])

  // Following a link to another page closes the popup without going back.
  usePageChange(hide)

  function afterClose(): void {
    onClosed()
    const target = opener.current
    opener.current = null
    if (target?.isConnected) target.focus()
  }

  return (
    <dialog
      ref={dialog}
      className="registration-popup"
      aria-labelledby="registration-popup-title"
      onCancel={onCancel}
      onClose={afterClose}
    >
      <div className="registration-popup-head">
        <h2 id="registration-popup-title">{withVisitTime ? '방문 예약' : '관심고객 등록'}</h2>
        <button
          type="button"
          className="registration-popup-close"
          aria-label="닫기"
          onClick={requestClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="registration-popup-intro">
        {withVisitTime
          ? '이름과 연락처, 방문하실 시간을 남겨 주시면 예약 확인 문자를 보내 드립니다.'
          : '이름과 연락처를 남겨 주시면 전문 상담사가 곧 연락드립니다.'}
      </p>
      {used ? (
        <Suspense
          fallback={
            <p className="registration-popup-loading" role="status">
              등록 양식을 불러오는 중입니다…
            </p>
          }
        >
          <LazyRegistrationForm
            key={formKey}
            source="popup"
            site={site}
            withVisitTime={withVisitTime}
            onSuccess={() => {
              completed.current = true
            }}
          />
          <WhenShown onReady={formShown} />
        </Suspense>
      ) : null}
    </dialog>
  )
}
