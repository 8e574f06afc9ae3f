import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type SyntheticEvent,
} from 'react'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {useHistoryDialog} from '#src/components/dialog/useHistoryDialog.ts'
import {trapTab} from '#src/components/layout/focus-trap.ts'
import {useFocusReturn} from '#src/components/layout/useFocusReturn.ts'
import type {ContentImage} from '#src/lib/images.ts'
import {distance, keyScale, MIN_SCALE, pinchScale, stepScale, wheelScale} from './zoom.ts'

/** Marks the history entry pushed while the viewer is open, so Back closes it. */
const HISTORY_FLAG = 'zoomViewer'

interface PictureProps {
  image: ContentImage | null | undefined
  /** The widest the picture is shown in the page, CSS px. */
  width: number
  sizes?: string
  priority?: boolean
  fade?: boolean
  className?: string
}

interface ZoomableImageProps extends PictureProps {
  /** What the picture shows, e.g. "84C 타입 평면도" or "입지환경도": the viewer's heading. */
  title: string
  /** The words under the picture that say it opens larger. */
  label?: string
}

type Point = {x: number; y: number}

/**
 * A picture with fine lettering (a floor plan, a map, a site plan) and its full-screen
 * viewer: a modal dialog (focus kept inside, returned to the opening button) where the
 * picture zooms with the + / − buttons or keys, the wheel or two fingers and pans by
 * dragging or with the arrow keys. Opening pushes a history entry, so Back closes it like
 * Escape does. The words saying so sit under the picture, never over it.
 */
export function ZoomableImage({
  image,
  title,
  label = '크게 보기',
  width,
  sizes,
  priority,
  fade,
  className,
}: ZoomableImageProps) {
  const {open, show, close, onCancel} = useHistoryDialog(HISTORY_FLAG)
  const opener = useRef<HTMLButtonElement>(null)
  const alt = image?.alt || title

  useFocusReturn(open, opener)

  if (!image) return null
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={['zoom-open', className].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        onClick={show}
      >
        <SanityImage
          image={image}
          width={width}
          sizes={sizes}
          priority={priority}
          fade={fade}
          alt={alt}
        />
        <span className="pill zoom-open-label">
          <span className="zoom-open-icon" aria-hidden="true" />
          {label}
        </span>
      </button>
      {open ? (
        <ZoomDialog image={image} title={title} alt={alt} onClose={close} onCancel={onCancel} />
      ) : null}
    </>
  )
}

/**
 * A content picture: in the zoom viewer when its editor marked it as one to enlarge (a map, a
 * plan).
 */
export function ContentPicture({title, ...picture}: PictureProps & {title: string}) {
  return picture.image?.zoomable ? (
    <ZoomableImage title={title} {...picture} />
  ) : (
    <SanityImage {...picture} />
  )
}

interface ZoomDialogProps {
  image: ContentImage
  title: string
  alt: string
  onClose: () => void
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void
}

function ZoomDialog({image, title, alt, onClose, onCancel}: ZoomDialogProps) {
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
      // One finger or the mouse drags the enlarged picture around.
      event.currentTarget.scrollBy(last.x - point.x, last.y - point.y)
    }
  }
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
    if (pointers.current.size < 2) pinch.current = null
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (dialog.current) trapTab(dialog.current, event)
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    // + and − zoom, 0 fits the picture again; typing in a control (none here) is never taken.
    const next = keyScale(shownScale.current, event.key)
    if (next === null) return
    event.preventDefault()
    setScale(next)
  }

  return (
    <dialog
      ref={dialog}
      className="zoom-dialog"
      aria-labelledby="zoom-dialog-title"
      onCancel={onCancel}
      onKeyDown={onKeyDown}
    >
      <div className="zoom-toolbar">
        <h2 id="zoom-dialog-title">{title}</h2>
        <div className="zoom-controls">
          <button
            type="button"
            onClick={() => setScale((current) => stepScale(current, -1))}
            aria-label="축소"
            aria-keyshortcuts="-"
          >
            −
          </button>
          <output className="zoom-level" aria-live="polite">{`${Math.round(scale * 100)}%`}</output>
          <button
            type="button"
            onClick={() => setScale((current) => stepScale(current, 1))}
            aria-label="확대"
            aria-keyshortcuts="+"
          >
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
        // Focusable so the arrow keys move the enlarged picture.
        tabIndex={0}
        role="group"
        aria-label={`${title} 확대 화면`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="zoom-canvas" style={{width: `${scale * 100}%`, height: `${scale * 100}%`}}>
          <SanityImage image={image} width={1600} sizes="100vw" priority alt={alt} />
        </div>
      </div>
      <p className="zoom-help">
        두 손가락으로 벌리거나 마우스 휠, + / − 버튼이나 키로 확대하고, 끌거나 화살표 키로 움직일 수
        있습니다.
      </p>
    </dialog>
  )
}
