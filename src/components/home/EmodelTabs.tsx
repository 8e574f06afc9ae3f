import {useState} from 'react'
import {openableTours, TourFrame} from '~/components/tour/TourFrame.tsx'
import {TabList} from '~/components/tabs/TabList.tsx'
import type {EmodelTab} from '~/lib/tours.ts'

/** The VR tab opens on 84A, the type most visitors ask about first. */
const DEFAULT_KEY = '84A'

/**
 * The E-model house tours as tabs. A tour is framed only once the visitor asks for it (the
 * frame's own page then loads the viewer), and only while its accordion item is open; after
 * the first, a chosen tab's tour opens at once.
 */
export function EmodelTabs({tours: all, showFrame}: {tours: EmodelTab[]; showFrame: boolean}) {
  const tours = openableTours(all)
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      tours.findIndex((tour) => tour.key === DEFAULT_KEY),
    ),
  )
  const [open, setOpen] = useState(false)
  if (!tours[selected]) return null
  return (
    <div className="emodel-tabs">
      <TabList
        tabs={tours.map((item) => ({key: item._id, label: item.key}))}
        selected={selected}
        onSelect={setSelected}
        label="E-모델하우스 타입"
        idPrefix="emodel"
        panelId={(index) => `emodel-panel-${index}`}
        className="emodel-tabs__list"
        tabClassName="emodel-tabs__tab"
      />
      {tours.map((item, index) => (
        <div key={item._id} id={`emodel-panel-${index}`} className="emodel-tabs__panel" role="tabpanel" aria-labelledby={`emodel-tab-${index}`} hidden={index !== selected}>
          {index === selected ? <TourFrame tour={item} open={open && showFrame} onOpen={() => setOpen(true)} className="tour-frame--home" /> : null}
        </div>
      ))}
    </div>
  )
}
