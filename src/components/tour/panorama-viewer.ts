// The 360° viewer of a tour page, loaded only there and only once the page runs: Photo
// Sphere Viewer with its cube-map adapter and virtual-tour plugin (three.js), which no other
// page ever fetches.
import '@photo-sphere-viewer/core/index.css'
import '@photo-sphere-viewer/virtual-tour-plugin/index.css'
import {events, Viewer} from '@photo-sphere-viewer/core'
import {CubemapAdapter} from '@photo-sphere-viewer/cubemap-adapter'
import {
  VirtualTourPlugin,
  type VirtualTourLink,
  type VirtualTourNode,
} from '@photo-sphere-viewer/virtual-tour-plugin'
import {degreesToRadians, radiansToDegrees, type FaceName} from '#src/lib/tours.ts'

export interface ViewerRoom {
  id: string
  name: string
  faces: Record<FaceName, string>
  /** Degrees clockwise from north. */
  startYaw: number
  hotspots: Array<{target: string; yaw: number; pitch: number}>
}

export interface ViewerOptions {
  rooms: ViewerRoom[]
  start: string
  /** No animated turns or cross-fades, and never a turn the visitor did not ask for. */
  reducedMotion: boolean
  onRoom: (id: string) => void
  /** The direction looked at, degrees clockwise from north. */
  onTurn: (yaw: number) => void
}

export interface PanoramaController {
  /**
   * Goes to a room: through a hotspot (`via`, degrees) the visitor keeps facing the way they went.
   */
  goTo: (id: string, via?: {yaw: number; pitch: number}) => void
  /** Turns the view towards a direction, degrees. */
  lookAt: (direction: {yaw: number; pitch: number}) => void
  destroy: () => void
}

const LANG = {
  zoom: '확대·축소',
  zoomOut: '축소',
  zoomIn: '확대',
  moveUp: '위로 보기',
  moveDown: '아래로 보기',
  moveLeft: '왼쪽으로 보기',
  moveRight: '오른쪽으로 보기',
  fullscreen: '전체 화면',
  loading: '불러오는 중…',
  twoFingers: '두 손가락으로 움직여 주세요',
  ctrlZoom: 'Ctrl 키를 누른 채 휠을 굴리면 확대됩니다',
  loadError: '이 공간의 사진을 불러오지 못했습니다',
  webglError: '이 브라우저에서는 360° 보기를 열 수 없습니다 (WebGL 미지원)',
}

/**
 * A hotspot as the panorama shows it: an arrow with the room's name, for pointers and
 * touch. Keyboards and screen readers use the same hotspots as buttons outside the picture
 * (TourPage), which stay reachable whichever way the view faces.
 */
function hotspotMarker(link: VirtualTourLink, rooms: Map<string, ViewerRoom>): HTMLElement {
  const marker = document.createElement('div')
  marker.className = 'tour-hotspot'
  marker.dataset.target = link.nodeId
  marker.setAttribute('aria-hidden', 'true')
  const arrow = document.createElement('span')
  arrow.className = 'tour-hotspot__arrow'
  const label = document.createElement('span')
  label.className = 'tour-hotspot__label'
  label.textContent = rooms.get(link.nodeId)?.name ?? link.nodeId
  marker.append(arrow, label)
  return marker
}

export function createPanoramaViewer(
  container: HTMLElement,
  options: ViewerOptions,
): PanoramaController {
  const rooms = new Map(options.rooms.map((room) => [room.id, room]))
  const nodes: VirtualTourNode[] = options.rooms.map((room) => ({
    id: room.id,
    name: room.name,
    panorama: {type: 'separate', paths: room.faces},
    links: room.hotspots
      .filter((hotspot) => rooms.has(hotspot.target))
      .map((hotspot) => ({
        nodeId: hotspot.target,
        position: {yaw: degreesToRadians(hotspot.yaw), pitch: degreesToRadians(hotspot.pitch)},
      })),
  }))
  const startRoom = rooms.get(options.start)
  const viewer = new Viewer({
    container,
    adapter: CubemapAdapter,
    lang: LANG,
    loadingTxt: LANG.loading,
    navbar: ['zoom', 'fullscreen'],
    keyboard: 'always',
    mousewheel: true,
    touchmoveTwoFingers: false,
    defaultZoomLvl: 30,
    defaultYaw: degreesToRadians(startRoom?.startYaw ?? 0),
    defaultPitch: 0,
    moveInertia: !options.reducedMotion,
    // The hotspots are the virtual tour's own links: no markers plugin is needed.
    plugins: [
      VirtualTourPlugin.withConfig({
        renderMode: '2d',
        nodes,
        startNodeId: options.start,
        preload: true,
        showLinkTooltip: false,
        transitionOptions: (toNode, _fromNode, fromLink) => ({
          showLoader: true,
          effect: options.reducedMotion ? 'none' : 'fade',
          rotation: !options.reducedMotion,
          speed: options.reducedMotion ? 0 : '30rpm',
          // Through a hotspot the visitor keeps walking the way they went; from the mini-map
          // they look where the room is best seen from.
          ...(fromLink
            ? {}
            : {rotateTo: {yaw: degreesToRadians(rooms.get(toNode.id)?.startYaw ?? 0), pitch: 0}}),
        }),
        arrowStyle: {
          element: (link: VirtualTourLink) => hotspotMarker(link, rooms),
          size: {width: 64, height: 64},
        },
      }),
    ],
  })
  const tour = viewer.getPlugin<VirtualTourPlugin>(VirtualTourPlugin)

  tour.addEventListener('node-changed', ({node}) => options.onRoom(node.id))
  viewer.addEventListener(events.PositionUpdatedEvent.type, ({position}) =>
    options.onTurn(radiansToDegrees(position.yaw)),
  )

  const toPosition = ({yaw, pitch}: {yaw: number; pitch: number}) => ({
    yaw: degreesToRadians(yaw),
    pitch: degreesToRadians(pitch),
  })
  return {
    goTo(id, via) {
      const link = via ? {nodeId: id, position: toPosition(via)} : undefined
      void tour.setCurrentNode(id, undefined, link).catch(() => undefined)
    },
    lookAt(direction) {
      if (options.reducedMotion) viewer.rotate(toPosition(direction))
      else void viewer.animate({...toPosition(direction), speed: '40rpm'})
    },
    destroy() {
      viewer.destroy()
    },
  }
}
