import {useState, type ReactNode} from 'react'
import {TabList} from '#src/components/tabs/TabList.tsx'

interface TabItem {
  key: string
  label: string
}

interface FrameTabsProps {
  tabs: TabItem[]
  /** The tab list's accessible name. */
  label: string
  /** Prefix of the tab and panel ids (unique on the page). */
  idPrefix: string
  defaultIndex?: number
  /** The selected panel's content. */
  renderPanel: (index: number) => ReactNode
  /** Class names of the parts, where a page styles its tabs its own way. */
  classes?: FrameTabsClasses
}

export interface FrameTabsClasses {
  root: string
  list: string
  tab?: string
  panel: string
}

const FRAME_TABS_CLASSES: FrameTabsClasses = {
  root: 'frame-tabs',
  list: 'frame-tabs-list',
  panel: 'frame-tabs-panel',
}

/**
 * Tabs over embedded players (WAI-ARIA tabs: arrows, Home and End move and select, only the
 * selected tab is in the Tab order). Only the selected panel holds a frame, so switching tabs
 * swaps the player instead of keeping several loaded.
 */
export function FrameTabs({
  tabs,
  label,
  idPrefix,
  defaultIndex = 0,
  renderPanel,
  classes = FRAME_TABS_CLASSES,
}: FrameTabsProps) {
  const [selected, setSelected] = useState(() =>
    Math.min(Math.max(0, defaultIndex), Math.max(0, tabs.length - 1)),
  )
  if (tabs.length === 0) return null
  return (
    <div className={classes.root}>
      <TabList
        tabs={tabs}
        selected={selected}
        onSelect={setSelected}
        label={label}
        idPrefix={idPrefix}
        panelId={(index) => `${idPrefix}-panel-${index}`}
        className={classes.list}
        tabClassName={classes.tab}
      />
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          id={`${idPrefix}-panel-${index}`}
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${index}`}
          hidden={index !== selected}
          className={classes.panel}
        >
          {index === selected ? renderPanel(index) : null}
        </div>
      ))}
    </div>
  )
}
