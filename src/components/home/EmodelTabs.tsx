import {useState} from 'react'
import {openableTours, TourFrame} from '~/components/tour/TourFrame.tsx'
import {tabListKeyDown} from '~/components/tabs/tab-keys'
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
  const [selected, setSelected] = useState(() => Math.max(0, tours.findIndex((tour) => tour.key === DEFAULT_KEY)))
  const [open, setOpen] = useState(false)
  if (!tours[selected]) return null
  return (
    <div className="emodel-tabs">
      <div className="emodel-tabs__list" role="tablist" aria-label="E-모델하우스 타입" onKeyDown={tabListKeyDown(selected, setSelected)}>
        {tours.map((item, index) => (
          <button
            key={item._id}
            type="button"
            role="tab"
            id={`emodel-tab-${index}`}
            className="emodel-tabs__tab"
            aria-selected={index === selected}
            aria-controls={`emodel-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {item.key}
          </button>
        ))}
      </div>
      {tours.map((item, index) => (
        <div
          key={item._id}
          id={`emodel-panel-${index}`}
          className="emodel-tabs__panel"
          role="tabpanel"
          aria-labelledby={`emodel-tab-${index}`}
          hidden={index !== selected}
        >
          {index === selected ? <TourFrame tour={item} open={open && showFrame} onOpen={() => setOpen(true)} className="tour-frame--home" /> : null}
        </div>
      ))}
    </div>
  )
}
