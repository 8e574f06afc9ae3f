import {useEffect, useRef} from 'react'
import {POPUP_READY, PRESS_HELD} from '#src/page-script/page-names.ts'

/**
 * The one entry point to the registration popup. Every button that offers a visit
 * reservation or interest registration calls `openRegistration(source)`; the popup
 * (mounted once by the lead-collection feature) listens with `useRegistrationRequests`.
 * With no popup mounted the call answers false and the caller follows its link to the
 * default site's customer page, which holds the same form (see RegistrationLink).
 */
export type PopupOpener = 'header' | 'hero' | 'footer' | 'mobile-bar' | 'page'

/**
 * Opens the popup; `opener` takes the focus back when it closes (else the element that has it now).
 */
type Handler = (source: PopupOpener, opener?: HTMLElement) => void

const handlers = new Set<Handler>()

/** Asks the popup to open; false when no popup is mounted to answer. */
export function openRegistration(source: PopupOpener): boolean {
  if (handlers.size === 0) return false
  for (const handler of handlers) handler(source)
  return true
}

/**
 * Registers a popup; returns the function that unregisters it. From then on the popup takes
 * the presses of registration links itself; one pressed before, which the page script held
 * for it (src/page-script/held-presses.ts), opens it now.
 */
export function onRegistrationRequest(handler: Handler): () => void {
  handlers.add(handler)
  document.documentElement.setAttribute(POPUP_READY, '')
  const held = [...document.querySelectorAll<HTMLElement>(`[data-registration][${PRESS_HELD}]`)]
  for (const link of held) link.removeAttribute(PRESS_HELD)
  const last = held.at(-1)
  if (last) handler(last.dataset.registration as PopupOpener, last)
  return () => {
    handlers.delete(handler)
    if (handlers.size === 0) document.documentElement.removeAttribute(POPUP_READY)
  }
}

/** For the popup component: `handler` runs whenever a button asks for the popup. */
export function useRegistrationRequests(handler: Handler): void {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => onRegistrationRequest((source, opener) => latest.current(source, opener)), [])
}
