import {useState} from 'react'
import {tabListKeyDown} from '~/hooks/tabKeys'
import type {EmodelTour} from './types'

/** SPEC §4: the VR tab opens on 84A. */
const DEFAULT_KEY = '84A'

const tabName = (tour: EmodelTour) => tour.key ?? tour.title ?? ''
const frameTitle = (tour: EmodelTour) => `${tour.title ?? `${tour.key ?? ''} 타입`} (E-모델하우스 360° 가상 투어)`

/**
 * The E-model house tours as tabs. Only the selected tab of a shown accordion item holds its
 * (lazy) tour frame: Chrome loads hidden frames at once, so a closed item or an unselected
 * tab must not contain one. Each tour can also open on its own, which is the way in without JS.
 */
export function EmodelTabs({tours, showFrame}: {tours: EmodelTour[]; showFrame: boolean}) {
  const [selected, setSelected] = useState(() => Math.max(0, tours.findIndex((tour) => tour.key === DEFAULT_KEY)))
  const tour = tours[selected]
  if (!tour) return null
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
            {tabName(item)}
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
          {showFrame && index === selected && item.url && (
            <iframe
              className="emodel-tabs__frame"
              src={item.url}
              title={frameTitle(item)}
              loading="lazy"
              allow="fullscreen; accelerometer; gyroscope; xr-spatial-tracking"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
          {item.url && (
            <a className="emodel-tabs__open" href={item.url} target="_blank" rel="noopener">
              {`${tabName(item)} 가상 투어 새 창으로 보기`}
            </a>
          )}
        </div>
      ))}
    </div>
  )
}
