const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]'),
  )
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container`: call from its keydown handler.
 * Returns true when it moved the focus itself.
 */
export function trapTab(
  container: HTMLElement,
  event: KeyboardEvent | {key: string; shiftKey: boolean; preventDefault(): void},
): boolean {
  if (event.key !== 'Tab') return false
  const focusable = focusableIn(container)
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return false
  const active = container.ownerDocument.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}
