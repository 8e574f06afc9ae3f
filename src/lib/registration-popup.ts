import {useEffect, useRef} from 'react'

/**
 * The one entry point to the registration popup. Every button that offers a visit
 * reservation or interest registration calls `openRegistration(source)`; the popup
 * (mounted once by the lead-collection feature) listens with `useRegistrationRequests`.
 * With no popup mounted the call answers false and the caller follows its link to the
 * default site's customer page, which holds the same form (see RegistrationLink).
 */
export type RegistrationSource = 'header' | 'hero' | 'footer' | 'mobile-bar' | 'page'

type Handler = (source: RegistrationSource) => void

const handlers = new Set<Handler>()

/** Asks the popup to open; false when no popup is mounted to answer. */
export function openRegistration(source: RegistrationSource): boolean {
  if (handlers.size === 0) return false
  for (const handler of handlers) handler(source)
  return true
}

/** Registers a popup; returns the function that unregisters it. */
export function onRegistrationRequest(handler: Handler): () => void {
  handlers.add(handler)
  return () => {
    handlers.delete(handler)
  }
}

/** For the popup component: `handler` runs whenever a button asks for the popup. */
export function useRegistrationRequests(handler: Handler): void {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => onRegistrationRequest((source) => latest.current(source)), [])
}
