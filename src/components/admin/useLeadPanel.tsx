import {useRef, useState, type ReactNode} from 'react'
import {LeadDetailPanel} from './LeadDetailPanel.tsx'

/**
 * A lead's panel opened from a name in a list: `open` shows it (its heading takes the focus),
 * and closing it gives the focus back to the name that opened it. `onChanged`: something in
 * the panel changed the lead, for the list to read again.
 */
export function useLeadPanel(
  siteNames: ReadonlyMap<string, string>,
  onChanged: () => void,
): {open(id: string, opener: HTMLElement): void; panel: ReactNode} {
  const [opened, setOpened] = useState<string | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const panel = opened ? (
    <LeadDetailPanel
      id={opened}
      siteNames={siteNames}
      onClose={() => {
        setOpened(null)
        opener.current?.focus()
      }}
      onOpen={setOpened}
      onChanged={onChanged}
    />
  ) : null
  return {
    open(id, from) {
      opener.current = from
      setOpened(id)
    },
    panel,
  }
}
