import {useCallback, useReducer} from 'react'

/** One open key at a time; toggling the open key closes it. */
export function accordionReducer<K extends string>(openKey: K | null, key: K): K | null {
  return openKey === key ? null : key
}

export function useAccordion<K extends string>(initial: K | null = null) {
  const [openKey, toggle] = useReducer(accordionReducer<K>, initial)
  const isOpen = useCallback((key: K) => openKey === key, [openKey])
  return {openKey, toggle, isOpen}
}
