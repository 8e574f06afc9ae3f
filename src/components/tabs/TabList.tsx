import type {ReactNode} from 'react'
import {tabListKeyDown} from './tab-keys.ts'

interface TabListProps {
  /** The tabs in order: `key` for React, `label` as shown. */
  tabs: Array<{key: string; label: ReactNode}>
  selected: number
  onSelect: (index: number) => void
  /** The tab list's accessible name. */
  label: string
  /** Prefix of the tabs' ids: `${idPrefix}-tab-${index}` (unique on the page). */
  idPrefix: string
  /** The id of the panel a tab controls. */
  panelId: (index: number) => string
  className?: string
  tabClassName?: string
}

/**
 * A row of tabs in the WAI-ARIA tabs pattern: arrows, Home and End move and select (see
 * tab-keys.ts), only the selected tab is in the Tab order, and each tab names its panel.
 */
export function TabList({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  panelId,
  className,
  tabClassName,
}: TabListProps) {
  return (
    <div
      className={className}
      role="tablist"
      aria-label={label}
      onKeyDown={tabListKeyDown(selected, onSelect)}
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${index}`}
          className={tabClassName}
          aria-selected={index === selected}
          aria-controls={panelId(index)}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
