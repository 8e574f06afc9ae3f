// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import type {VideoSource} from '#src/lib/content-pages/video.ts'
import {GuideVideoTabs} from './GuideVideoTabs.tsx'
import {VideoPlayer} from './VideoPlayer.tsx'

const LAKE = 'http://127.0.0.1:4010/files/p/production'
const poster = {
  _type: 'image' as const,
  asset: {_ref: `image-${'c'.repeat(40)}-960x540-jpg`, _type: 'reference' as const},
}
const uploaded = (name: string): VideoSource => ({
  kind: 'file',
  youtubeId: null,
  mp4: `${LAKE}/${name}.mp4`,
  webm: `${LAKE}/${name}.webm`,
  captions: `${LAKE}/${name}.vtt`,
  poster,
})
const videos: Array<{_id: string; tabId: 1 | 2 | 3; title: string; video: VideoSource}> = [
  {_id: 'v1', tabId: 1, title: '입지환경 가이드 영상', video: uploaded('location')},
  {_id: 'v2', tabId: 2, title: '59타입 가이드 영상', video: uploaded('59')},
  {
    _id: 'v3',
    tabId: 3,
    title: '84타입 가이드 영상',
    video: {
      kind: 'youtube',
      youtubeId: 'Vd5sH2gKc9U',
      mp4: null,
      webm: null,
      captions: null,
      poster: null,
    },
  },
]

/** A cue as the browser parses one with no placement of its own. */
class FakeVTTCue {
  snapToLines = true
  line: number | 'auto' = 'auto'
  lineAlign = 'start'
}

let played: string[]
/** The captions each track has loaded, and what the player observes for its size. */
let loadedCues: FakeVTTCue[]
let resized: Array<() => void>
beforeEach(() => {
  played = []
  loadedCues = []
  resized = []
  // jsdom has no text tracks, cues or ResizeObserver: the track serves the cues set here.
  vi.stubGlobal('VTTCue', FakeVTTCue)
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        resized.push(this.callback)
      }
      disconnect() {}
    },
  )
  Object.defineProperty(HTMLTrackElement.prototype, 'track', {
    configurable: true,
    get: () => ({cues: loadedCues}),
  })
  // jsdom has no media playback: record what the player asks for.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this.getAttribute('aria-label') ?? '')
    return Promise.resolve()
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  delete (HTMLTrackElement.prototype as {track?: unknown}).track
})

const video = () => document.querySelector('video')
const selectedTab = () => screen.getByRole('tab', {selected: true})

describe('video player', () => {
  it('shows the poster and a play button, loads nothing else, and plays with captions when asked', () => {
    render(
      <VideoPlayer
        video={{
          kind: 'file',
          mp4: `${LAKE}/a.mp4`,
          webm: `${LAKE}/a.webm`,
          captions: `${LAKE}/a.vtt`,
          poster,
        }}
        title="홍보영상"
      />,
    )
    const element = video()!
    expect(element.getAttribute('preload')).toBe('none')
    expect(element.autoplay).toBe(false)
    expect(element.controls).toBe(true)
    expect(element.getAttribute('aria-label')).toBe('홍보영상')
    expect(element.getAttribute('poster')).toMatch(/-960x540\.jpg\?w=960&fm=webp$/)
    expect(
      [...element.querySelectorAll('source')].map((source) => [
        source.getAttribute('type'),
        source.getAttribute('src'),
      ]),
    ).toEqual([
      ['video/webm', `${LAKE}/a.webm`],
      ['video/mp4', `${LAKE}/a.mp4`],
    ])
    const track = element.querySelector('track')!
    expect([
      track.kind,
      track.srclang,
      track.label,
      track.default,
      track.getAttribute('src'),
    ]).toEqual(['captions', 'ko', '한국어', true, `${LAKE}/a.vtt`])
    expect(element.crossOrigin).toBe('anonymous')
    fireEvent.click(screen.getByRole('button', {name: '홍보영상 재생'}))
    expect(played).toEqual(['홍보영상'])
    expect(screen.queryByRole('button', {name: '홍보영상 재생'})).toBeNull()
  })

  it('places the captions just above the control bar once they load, and again as the player resizes', () => {
    render(
      <VideoPlayer
        video={{kind: 'file', mp4: `${LAKE}/a.mp4`, webm: null, captions: `${LAKE}/a.vtt`, poster}}
        title="홍보영상"
      />,
    )
    const element = video()!
    const height = vi.spyOn(element, 'clientHeight', 'get').mockReturnValue(268.5)
    const placed = Object.assign(new FakeVTTCue(), {line: -2})
    loadedCues = [new FakeVTTCue(), new FakeVTTCue(), placed]
    fireEvent.load(element.querySelector('track')!)
    expect(loadedCues.map((cue) => [cue.snapToLines, cue.line, cue.lineAlign])).toEqual([
      [false, 73.2, 'end'],
      [false, 73.2, 'end'],
      [true, -2, 'start'],
    ])

    height.mockReturnValue(500)
    for (const callback of resized) callback()
    expect(loadedCues.map((cue) => cue.line)).toEqual([85.6, 85.6, -2])
  })

  it('embeds a YouTube video from the privacy-enhanced host only once asked for', () => {
    render(
      <VideoPlayer
        video={{kind: 'youtube', youtubeId: 'Vd5sH2gKc9U', poster: null}}
        title="84타입 가이드 영상"
      />,
    )
    expect(document.querySelector('iframe')).toBeNull()
    fireEvent.click(screen.getByRole('button', {name: '84타입 가이드 영상 재생 (유튜브)'}))
    const src = new URL(document.querySelector('iframe')!.src)
    expect(src.origin).toBe('https://www.youtube-nocookie.com')
    expect(src.pathname).toBe('/embed/Vd5sH2gKc9U')
    expect(src.searchParams.get('autoplay')).toBe('1')
    expect(src.searchParams.has('mute')).toBe(false)
  })
})

describe('guide video tabs', () => {
  it('opens on tab 1 with its player, the others out of the Tab order, nothing playing', () => {
    render(<GuideVideoTabs videos={videos} />)
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '1 입지환경 가이드 영상',
      '2 59타입 가이드 영상',
      '3 84타입 가이드 영상',
    ])
    expect(selectedTab().textContent).toBe('1 입지환경 가이드 영상')
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    expect(video()?.getAttribute('aria-label')).toBe('입지환경 가이드 영상')
    expect(document.querySelectorAll('video')).toHaveLength(1)
    expect(played).toEqual([])
  })

  it('swaps the player on a chosen tab and follows the arrow keys', () => {
    render(<GuideVideoTabs videos={videos} />)
    fireEvent.click(screen.getByRole('tab', {name: '2 59타입 가이드 영상'}))
    expect(video()?.querySelector('source[type="video/mp4"]')?.getAttribute('src')).toBe(
      `${LAKE}/59.mp4`,
    )
    fireEvent.keyDown(selectedTab(), {key: 'ArrowRight'})
    expect(selectedTab().textContent).toBe('3 84타입 가이드 영상')
    expect(document.activeElement).toBe(selectedTab())
    expect(video()).toBeNull()
    expect(screen.getByRole('button', {name: '84타입 가이드 영상 재생 (유튜브)'})).toBeTruthy()
    fireEvent.keyDown(selectedTab(), {key: 'ArrowRight'})
    expect(selectedTab().textContent).toBe('1 입지환경 가이드 영상')
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selectedTab().id)
  })

  it('leaves out a tab whose video cannot play', () => {
    render(
      <GuideVideoTabs
        videos={[
          ...videos,
          {_id: 'v4', tabId: 3, title: '빈 영상', video: {...uploaded('x'), mp4: null}},
        ]}
      />,
    )
    expect(screen.getAllByRole('tab')).toHaveLength(3)
  })
})
