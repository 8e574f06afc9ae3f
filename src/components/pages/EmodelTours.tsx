import type {PageExtras} from '~/lib/page-extras.ts'
import {DeferredFrame} from './DeferredFrame.tsx'
import {FrameTabs} from './FrameTabs.tsx'

/** SPEC.md section 2: the E-model house opens on 84A. */
const DEFAULT_KEY = '84A'
const TOUR_ALLOW = 'fullscreen; accelerometer; gyroscope; xr-spatial-tracking'

/** /FloorPlan/Emodel: one 360° tour per tab (the page's intro tells how to look around), each also reachable in a new window. */
export function EmodelTours({tours}: {tours: Extract<PageExtras, {kind: 'emodelTours'}>['tours']}) {
  const shown = tours.filter((tour) => tour.url)
  return (
    <FrameTabs
      tabs={shown.map((tour) => ({key: tour._id, label: tour.key ?? tour.title ?? ''}))}
      label="E-모델하우스 타입"
      idPrefix="emodel"
      defaultIndex={shown.findIndex((tour) => tour.key === DEFAULT_KEY)}
      renderPanel={(index) => {
        const tour = shown[index]
        if (!tour?.url) return null
        const name = tour.title ?? `${tour.key ?? ''} 타입`
        return (
          <>
            <DeferredFrame src={tour.url} title={`${name} (E-모델하우스 360° 가상 투어)`} allow={TOUR_ALLOW} className="tour-frame" />
            <a className="tour-open" href={tour.url} target="_blank" rel="noopener">
              {`${tour.key ?? name} 가상 투어 새 창으로 보기`}
            </a>
          </>
        )
      }}
    />
  )
}
