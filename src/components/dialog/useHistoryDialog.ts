import {useCallback, useEffect, useState, type SyntheticEvent} from 'react'

/**
 * The open state of a modal dialog with a history entry of its own. Opening pushes an entry
 * marked `flag` that keeps the router's state, so Back closes the dialog; the close button
 * and Escape close it through history too, so the entry never outlives the dialog.
 */
export function useHistoryDialog(flag: string) {
  const [open, setOpen] = useState(false)
  /** Whether the current history entry is the one the dialog pushed. */
  const onEntry = useCallback(
    () => (window.history.state as Record<string, unknown> | null)?.[flag] === true,
    [flag],
  )
  const show = useCallback(() => {
    window.history.pushState({...(window.history.state as object | null), [flag]: true}, '')
    setOpen(true)
  }, [flag])
  const close = useCallback(() => {
    if (onEntry()) window.history.back()
    else setOpen(false)
  }, [onEntry])
  /** Closes without going back: the page itself changed (a link was followed). */
  const hide = useCallback(() => setOpen(false), [])
  /**
   * For the dialog's `onClose`: the browser closed it by itself (an invoker command, a tap
   * beside it, a repeated Escape), so its entry goes too and Back leaves the page again.
   */
  const onClosed = useCallback(() => {
    setOpen(false)
    if (onEntry()) window.history.back()
  }, [onEntry])
  /** For the dialog's `onCancel` (Escape): close through history, not by the browser alone. */
  const onCancel = useCallback(
    (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      close()
    },
    [close],
  )

  useEffect(() => {
    const onPop = () => {
      if (!onEntry()) setOpen(false)
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [onEntry])

  return {open, show, close, hide, onCancel, onClosed}
}
