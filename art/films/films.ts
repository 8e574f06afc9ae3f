// The seed's videos: camera moves over the project's own illustrations, each shot with its
// Korean caption. render.ts turns them into WebM, MP4, a poster and WebVTT captions.

/** A part of a picture, in its own pixels (the SVG's width and height). */
export interface Frame {
  x: number
  y: number
  w: number
}

export interface Shot {
  /** An illustration in content/images/. */
  image: string
  /** Seconds on screen, the crossfade into the next shot included. */
  seconds: number
  /** Where the camera starts and ends; heights follow from the film's aspect ratio. */
  from: Frame
  to: Frame
  caption: string
}

export interface Film {
  /** Base name of the files in content/files/ and content/images/. */
  name: string
  width: number
  height: number
  /**
   * What the poster shows: `picture`, the first shot's picture whole with its words, for a film
   * that waits for its play button; `opening`, the film's first frame once faded in, for a
   * film that starts by itself and so takes over from its poster without a jump.
   */
  poster: 'picture' | 'opening'
  shots: Shot[]
}

export const FPS = 25
/** Seconds two shots overlap while one fades into the next. */
export const CROSSFADE = 0.6
/** Seconds of fade from and to black at the start and the end. */
export const EDGE_FADE = 0.5

export const films: Film[] = [
  {
    name: 'brand-film',
    width: 1040,
    height: 400,
    poster: 'opening',
    shots: [
      {
        image: 'hero.svg',
        seconds: 4,
        from: {x: 0, y: 240, w: 1300},
        to: {x: 620, y: 300, w: 1300},
        caption: '호수와 숲 사이에 자리한 솔담 레이크파크',
      },
      {
        image: 'banner-brand.svg',
        seconds: 3.5,
        from: {x: 0, y: 0, w: 1040},
        to: {x: 880, y: 0, w: 1040},
        caption: '노을이 내려앉는 호숫가의 저녁',
      },
      {
        image: 'brand-intro.svg',
        seconds: 3.5,
        from: {x: 0, y: 200, w: 1600},
        to: {x: 300, y: 320, w: 1100},
        caption: '산책로를 따라 걷는 가족의 하루',
      },
      {
        image: 'interior-84a.svg',
        seconds: 3.5,
        from: {x: 0, y: 150, w: 1600},
        to: {x: 260, y: 230, w: 1100},
        caption: '햇살이 깊게 드는 4Bay 거실',
      },
      {
        image: 'community-cafe.svg',
        seconds: 3,
        from: {x: 0, y: 200, w: 1000},
        to: {x: 200, y: 240, w: 1000},
        caption: '단지 안에서 누리는 카페와 커뮤니티',
      },
      {
        image: 'special-plan.svg',
        seconds: 3.5,
        from: {x: 300, y: 320, w: 1000},
        to: {x: 0, y: 200, w: 1600},
        caption: '머무를수록 좋은 집, 솔담',
      },
    ],
  },
  {
    name: 'guide-location',
    width: 960,
    height: 540,
    poster: 'picture',
    shots: [
      {
        image: 'location-map.svg',
        seconds: 4,
        from: {x: 0, y: 0, w: 1600},
        to: {x: 400, y: 250, w: 900},
        caption: '단지를 중심으로 본 생활권 지도',
      },
      {
        image: 'location-card-1.svg',
        seconds: 3,
        from: {x: 0, y: 0, w: 800},
        to: {x: 120, y: 70, w: 560},
        caption: '도심과 산업단지로 이어지는 교통망',
      },
      {
        image: 'location-card-3.svg',
        seconds: 3,
        from: {x: 120, y: 70, w: 560},
        to: {x: 0, y: 0, w: 800},
        caption: '걸어서 닿는 호수공원 산책로',
      },
      {
        image: 'location-card-4.svg',
        seconds: 3,
        from: {x: 0, y: 100, w: 640},
        to: {x: 160, y: 100, w: 640},
        caption: '가까이 있는 대규모 스포츠파크',
      },
      {
        image: 'location-card-2.svg',
        seconds: 3,
        from: {x: 80, y: 50, w: 640},
        to: {x: 0, y: 0, w: 800},
        caption: '아이 키우기 좋은 교육 환경',
      },
    ],
  },
  {
    name: 'guide-59',
    width: 960,
    height: 540,
    poster: 'picture',
    shots: [
      {
        image: 'floorplan-59a.svg',
        seconds: 4,
        from: {x: 0, y: 0, w: 1200},
        to: {x: 80, y: 180, w: 700},
        caption: '59A 타입: 3Bay 판상형 평면',
      },
      {
        image: 'floorplan-59a.svg',
        seconds: 3,
        from: {x: 80, y: 180, w: 700},
        to: {x: 260, y: 330, w: 560},
        caption: '거실과 주방이 이어진 열린 공간',
      },
      {
        image: 'floorplan-59b.svg',
        seconds: 4,
        from: {x: 0, y: 0, w: 1200},
        to: {x: 60, y: 200, w: 720},
        caption: '59B 타입: 4Bay 판상형 평면',
      },
      {
        image: 'floorplan-59b.svg',
        seconds: 3,
        from: {x: 60, y: 200, w: 720},
        to: {x: 0, y: 0, w: 1200},
        caption: '세 개의 침실이 모두 남향입니다',
      },
    ],
  },
  {
    name: 'guide-84',
    width: 960,
    height: 540,
    poster: 'picture',
    shots: [
      {
        image: 'floorplan-84a.svg',
        seconds: 4,
        from: {x: 0, y: 0, w: 1200},
        to: {x: 120, y: 250, w: 640},
        caption: '84A 타입: 4Bay 판상형과 팬트리',
      },
      {
        image: 'interior-84a.svg',
        seconds: 3.5,
        from: {x: 0, y: 100, w: 1600},
        to: {x: 300, y: 200, w: 1000},
        caption: '84A 거실: 호수를 향해 열린 창',
      },
      {
        image: 'floorplan-84b.svg',
        seconds: 4,
        from: {x: 0, y: 0, w: 1200},
        to: {x: 80, y: 260, w: 640},
        caption: '84B 타입: 3Bay 판상형과 알파룸',
      },
      {
        image: 'floorplan-84c.svg',
        seconds: 3.5,
        from: {x: 60, y: 220, w: 680},
        to: {x: 0, y: 0, w: 1200},
        caption: '84C 타입: 두 면이 열린 타워형',
      },
    ],
  },
]

/** When each shot starts: shots overlap by the crossfade. */
export function shotStarts(film: Film): number[] {
  const starts: number[] = []
  let at = 0
  for (const shot of film.shots) {
    starts.push(at)
    at += shot.seconds - CROSSFADE
  }
  return starts
}

export function filmSeconds(film: Film): number {
  const starts = shotStarts(film)
  const last = film.shots.length - 1
  return (starts[last] ?? 0) + (film.shots[last]?.seconds ?? 0)
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const pad = (value: number, size = 2) => String(value).padStart(size, '0')
  return `${pad(Math.floor(ms / 60_000))}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`
}

/**
 * The film's captions as WebVTT: one cue per shot, from the middle of one crossfade to the next.
 */
export function captionsOf(film: Film): string {
  const starts = shotStarts(film)
  const end = filmSeconds(film)
  const cues = film.shots.map((shot, index) => {
    const from = index === 0 ? 0 : (starts[index] ?? 0) + CROSSFADE / 2
    const to = index === film.shots.length - 1 ? end : (starts[index + 1] ?? end) + CROSSFADE / 2
    return `${index + 1}\n${timestamp(from)} --> ${timestamp(to)}\n${shot.caption}\n`
  })
  return `WEBVTT\n\n${cues.join('\n')}`
}

/** Smooth start and stop of a camera move. */
export function ease(t: number): number {
  const clamped = Math.min(1, Math.max(0, t))
  return clamped * clamped * (3 - 2 * clamped)
}

/** The camera's frame `t` seconds into a shot (heights from the film's aspect ratio). */
export function cameraAt(film: Film, shot: Shot, t: number): Frame & {h: number} {
  const k = ease(t / shot.seconds)
  const w = shot.from.w + (shot.to.w - shot.from.w) * k
  return {
    x: shot.from.x + (shot.to.x - shot.from.x) * k,
    y: shot.from.y + (shot.to.y - shot.from.y) * k,
    w,
    h: (w * film.height) / film.width,
  }
}
