import {useEffect, useRef, useState} from 'react'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {useMediaQuery} from '#src/components/home/useMediaQuery.ts'
import {originalImageUrl} from '#src/lib/images.ts'
import {completeRooms, FACE_NAMES, startRoomOf, towards, type TourData} from '#src/lib/tours.ts'
import type {PanoramaController, ViewerRoom} from './panorama-viewer.ts'
import {TourMap} from './TourMap.tsx'

const EMODEL_PAGE = '/FloorPlan/Emodel'

/**
 * A finger, not a mouse, as the main pointer: the help then speaks of touch, not keys (the
 * prerendered page speaks of keys; a phone gets its words once the page runs).
 */
const COARSE_POINTER = '(pointer: coarse)'

type ViewerState = 'loading' | 'ready' | 'failed'

/**
 * An E-model tour on a page of its own, framed by the E-model tabs: the 360° view of one room
 * at a time, hotspots to the next rooms, the mini-map, and what the visitor can do, in
 * Korean. The prerendered page shows the start room's picture; the viewer replaces it once
 * the page runs.
 */
export function TourPage({tour}: {tour: TourData}) {
  const rooms = completeRooms(tour)
  const start = startRoomOf(tour)
  const [current, setCurrent] = useState(start)
  const [yaw, setYaw] = useState(() => rooms.find((room) => room.roomId === start)?.startYaw ?? 0)
  const [state, setState] = useState<ViewerState>('loading')
  const touch = useMediaQuery(COARSE_POINTER)
  const container = useRef<HTMLDivElement>(null)
  const controller = useRef<PanoramaController | null>(null)
  const currentRoom = rooms.find((room) => room.roomId === current)
  const names = new Map(rooms.map((room) => [room.roomId, room.name ?? room.roomId]))
  const exits = (currentRoom?.hotspots ?? []).flatMap((spot) =>
    spot.target && names.has(spot.target)
      ? [
          {
            key: spot._key,
            target: spot.target,
            name: names.get(spot.target)!,
            direction: {yaw: spot.yaw ?? 0, pitch: spot.pitch ?? 0},
          },
        ]
      : [],
  )

  useEffect(() => {
    const element = container.current
    if (!element || !start) return
    let cancelled = false
    const viewerRooms: ViewerRoom[] = rooms.map((room) => ({
      id: room.roomId,
      name: room.name ?? room.roomId,
      faces: Object.fromEntries(
        FACE_NAMES.map((face) => [face, originalImageUrl(room.panorama![face]!)]),
      ) as ViewerRoom['faces'],
      startYaw: room.startYaw ?? 0,
      hotspots: (room.hotspots ?? []).flatMap((spot) =>
        spot.target ? [{target: spot.target, yaw: spot.yaw ?? 0, pitch: spot.pitch ?? 0}] : [],
      ),
    }))
    import('./panorama-viewer.ts')
      .then(({createPanoramaViewer}) => {
        if (cancelled) return
        controller.current = createPanoramaViewer(element, {
          rooms: viewerRooms,
          start,
          reducedMotion: !window.matchMedia('(prefers-reduced-motion: no-preference)').matches,
          onRoom: setCurrent,
          onTurn: setYaw,
        })
        setState('ready')
      })
      .catch(() => setState('failed'))
    return () => {
      cancelled = true
      controller.current?.destroy()
      controller.current = null
    }
    // The viewer is built once per tour; the rooms come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tour._id])

  const startFace = rooms.find((room) => room.roomId === start)?.panorama?.front
  return (
    <main id="main" className="tour-page" data-viewer={state}>
      <header className="tour-page__bar">
        <h1>{tour.title ?? `${tour.key ?? ''} E-모델하우스`}</h1>
        <p className="tour-page__where" aria-live="polite">
          {currentRoom ? `지금 보는 곳: ${currentRoom.name}` : null}
        </p>
        <a className="tour-page__back" href={EMODEL_PAGE} target="_top">
          E-모델하우스 안내로
        </a>
      </header>
      <div className="tour-page__stage">
        <div
          ref={container}
          className="tour-page__viewer"
          role="region"
          aria-label={`${currentRoom?.name ?? ''} 360° 보기`}
          aria-describedby="tour-help"
        >
          {state === 'ready' || !startFace ? null : (
            <SanityImage
              image={{...startFace, alt: `${currentRoom?.name ?? ''}의 한쪽 벽면`}}
              width={1024}
              priority
              className="tour-page__still"
            />
          )}
        </div>
        {state === 'ready' && exits.length > 0 ? (
          <ul className="tour-page__exits" aria-label="이 공간에서 갈 수 있는 곳">
            {exits.map((exit) => (
              <li key={exit.key}>
                {/* The hotspot as a button: focus turns the view to it, Enter or Space goes through. */}
                <button
                  type="button"
                  onFocus={() => controller.current?.lookAt(exit.direction)}
                  onClick={() => controller.current?.goTo(exit.target, exit.direction)}
                >
                  {`${towards(exit.name)} 이동`}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <TourMap
          plan={tour.plan}
          rooms={rooms.map((room) => ({
            id: room.roomId,
            name: room.name ?? room.roomId,
            x: room.mapX ?? 0.5,
            y: room.mapY ?? 0.5,
          }))}
          current={current}
          yaw={yaw}
          onChoose={(id) => controller.current?.goTo(id)}
        />
      </div>
      <p id="tour-help" className="tour-page__help">
        {state === 'failed'
          ? '이 브라우저에서는 360° 보기를 열 수 없습니다. 미니맵의 평면도로 공간 배치를 확인해 주세요.'
          : touch
            ? '손가락으로 화면을 드래그해 둘러보세요. 화면 속 화살표나 왼쪽 위의 이동 단추, 미니맵의 방 번호를 누르면 그 공간으로 갑니다. 두 손가락을 벌리거나 오므려 확대·축소합니다.'
            : '마우스로 끌거나 방향키(← → ↑ ↓)로 둘러보세요. 화면 속 화살표나 왼쪽 위의 이동 단추(Tab으로 고르고 Enter), 미니맵의 방 번호를 누르면 그 공간으로 갑니다. +와 -로 확대·축소합니다.'}
      </p>
    </main>
  )
}
