import {useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type SyntheticEvent} from 'react'
import {SanityImage} from '~/components/SanityImage.tsx'
import {useHistoryDialog} from '~/components/dialog/useHistoryDialog.ts'
import {trapTab} from '~/components/layout/focus-trap.ts'
import {useFocusReturn} from '~/components/layout/useFocusReturn.ts'
import type {ContentImage} from '~/lib/images.ts'
import {distance, MIN_SCALE, pinchScale, stepScale, wheelScale} from './zoom.ts'

/** Marks the history entry pushed while the viewer is open, so Back closes it. */
const HISTORY_FLAG = 'floorPlanViewer'

interface FloorPlanViewerProps {
  image: ContentImage | null | undefined
  /** The unit's name, e.g. "84C 타입". */
  name: string
}

type Point = {x: number; y: number}

/**
 * The floor plan with a full-screen viewer: a modal dialog (focus kept inside, returned to
 * the opening button) where the plan zooms with the + / − buttons, the wheel or two fingers
 * and pans by dragging. Opening pushes a history entry, so Back closes it like Escape does.
 */
export function FloorPlanViewer({image, name}: FloorPlanViewerProps) {
  const {open, show, close, onCancel} = useHistoryDialog(HISTORY_FLAG)
  const opener = useRef<HTMLButtonElement>(null)
  const alt = image?.alt || `${name} 평면도`

  useFocusReturn(open, opener)

  if (!image) return null
  return (
    <>
      <button ref={opener} type="button" className="floor-plan-open" aria-haspopup="dialog" onClick={show}>
        <SanityImage image={image} width={1000} priority alt={alt} />
        <span className="floor-plan-open-label">평면도 크게 보기</span>
      </button>
      {open ? <ZoomDialog image={image} name={name} alt={alt} onClose={close} onCancel={onCancel} /> : null}
    </>
  )
}

interface ZoomDialogProps {
  image: ContentImage
  name: string
  alt: string
  onClose: () => void
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void
}

function ZoomDialog({image, name, alt, onClose, onCancel}: ZoomDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const viewport = useRef<HTMLDivElement>(null)
  const [scale, setScale] = useState(MIN_SCALE)
  const shownScale = useRef(MIN_SCALE)
  const pointers = useRef(new Map<number, Point>())
  const pinch = useRef<{scale: number; distance: number} | null>(null)

  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    element.showModal()
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = overflow
    }
  }, [])

  // Zoom around the middle of what is shown: keep that point in place.
  useLayoutEffect(() => {
    const element = viewport.current
    const previous = shownScale.current
    shownScale.current = scale
    if (!element || previous === scale) return
    const ratio = scale / previous
    const centreX = element.scrollLeft + element.clientWidth / 2
    const centreY = element.scrollTop + element.clientHeight / 2
    element.scrollLeft = centreX * ratio - element.clientWidth / 2
    element.scrollTop = centreY * ratio - element.clientHeight / 2
  }, [scale])

  // The wheel zooms instead of scrolling the page: a listener that may cancel the scroll.
  useEffect(() => {
    const element = viewport.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      setScale((current) => wheelScale(current, event.deltaY))
    }
    element.addEventListener('wheel', onWheel, {passive: false})
    return () => element.removeEventListener('wheel', onWheel)
  }, [])

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    pointers.current.set(event.pointerId, {x: event.clientX, y: event.clientY})
    const [a, b] = [...pointers.current.values()]
    if (a && b) pinch.current = {scale: shownScale.current, distance: distance(a, b)}
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId)
    if (!last) return
    const point = {x: event.clientX, y: event.clientY}
    pointers.current.set(event.pointerId, point)
    const [a, b] = [...pointers.current.values()]
    if (a && b && pinch.current) {
      const start = pinch.current
      setScale(pinchScale(start.scale, start.distance, distance(a, b)))
    } else {
      // One finger or the mouse drags the enlarged plan around.
      event.currentTarget.scrollBy(last.x - point.x, last.y - point.y)
    }
  }
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
    if (pointers.current.size < 2) pinch.current = null
  }

  return (
    <dialog
      ref={dialog}
      className="zoom-dialog"
      aria-labelledby="zoom-dialog-title"
      onCancel={onCancel}
      onKeyDown={(event) => {
        if (dialog.current) trapTab(dialog.current, event)
      }}
    >
      <div className="zoom-toolbar">
        <h2 id="zoom-dialog-title">{`${name} 평면도`}</h2>
        <div className="zoom-controls">
          <button type="button" onClick={() => setScale((current) => stepScale(current, -1))} aria-label="축소">
            −
          </button>
          <output className="zoom-level" aria-live="polite">{`${Math.round(scale * 100)}%`}</output>
          <button type="button" onClick={() => setScale((current) => stepScale(current, 1))} aria-label="확대">
            +
          </button>
          <button type="button" className="zoom-close" onClick={onClose}>
            닫기
          </button>
        </div>
      </div>
      <div
        ref={viewport}
        className="zoom-viewport"
        data-scale={scale}
        // Focusable so the arrow keys scroll the enlarged plan.
        tabIndex={0}
        role="group"
        aria-label={`${name} 평면도 확대 화면`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="zoom-canvas" style={{width: `${scale * 100}%`, height: `${scale * 100}%`}}>
          <SanityImage image={image} width={1600} sizes="100vw" priority alt={alt} />
        </div>
      </div>
      <p className="zoom-help">두 손가락으로 벌리거나 마우스 휠, + / − 버튼으로 확대하고 끌어서 움직일 수 있습니다.</p>
    </dialog>
  )
}
